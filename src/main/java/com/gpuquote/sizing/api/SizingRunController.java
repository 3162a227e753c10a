package com.gpuquote.sizing.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.SizingInput;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A project's saved sizing runs (input and result kept as a snapshot). Lives in sizing, which may depend on customer
 * (the project and its runs), not the other way round.
 */
@RestController
@RequestMapping("/api/v1/projects/{id}/sizing-runs")
@Tag(name = "Projects")
class SizingRunController {

    /**
     * {@code input} is the body of {@code POST /api/v1/sizing}. With {@code region} (and the other pricing fields of
     * {@code POST /api/v1/recommendations}, the customer being the project's) the run stores the recommendation
     * too, as the sizing view saves it, so it can be quoted (good / better / best, issue 40).
     */
    record SizingRunBody(String name, JsonNode input, @Nullable String region,
                         com.gpuquote.commercial.@Nullable BillingMode billingMode,
                         java.math.@Nullable BigDecimal hoursPerMonth, @Nullable Integer maxCandidates,
                         @Nullable Integer termMonths, @Nullable Double trainingTokens,
                         com.gpuquote.sizing.engine.@Nullable RankBy rankBy, @Nullable Double deadlineHours,
                         java.math.@Nullable BigDecimal budget,
                         com.gpuquote.sizing.engine.@Nullable ServingTraffic traffic) {

        boolean priced() {
            return region != null || billingMode != null || hoursPerMonth != null || maxCandidates != null
                    || termMonths != null || trainingTokens != null || rankBy != null || deadlineHours != null
                    || budget != null || traffic != null;
        }
    }

    record SizingRunJson(UUID id, String name, Instant createdAt, JsonNode input, JsonNode result) {
    }

    private final SizingRunService runs;
    private final ObjectMapper json;

    SizingRunController(SizingRunService runs, ObjectMapper json) {
        this.runs = runs;
        this.json = json;
    }

    @GetMapping
    @Operation(summary = "The project's saved sizing runs, newest first: input and result as they were computed")
    List<SizingRunJson> list(@PathVariable UUID id) {
        return runs.list(new ProjectId(id)).stream().map(this::toJson).toList();
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Size the input (the body of POST /api/v1/sizing) and save input and result as a run of the project; "
            + "errors name the input's fields as POST /api/v1/sizing does. With region (and billingMode, hoursPerMonth, "
            + "maxCandidates, termMonths, trainingTokens, rankBy, deadlineHours, budget, traffic as in POST "
            + "/api/v1/recommendations) the result is the recommendation for the project's customer, which "
            + "POST /api/v1/sizing-runs/{id}/good-better-best-quote can quote")
    SizingRunJson create(@PathVariable UUID id, @RequestBody SizingRunBody body,
                         @RequestHeader(value = "Accept-Language", required = false) @Nullable String language) {
        if (body.priced()) {
            SizingInput input = input(body.input());
            if (input == null) {
                throw InvalidInputException.of("input", "required", "The sizing input is required");
            }
            return toJson(runs.createRecommended(new ProjectId(id), body.name(), new com.gpuquote.sizing.RecommendationRequest(
                    input, body.region(), body.billingMode(), body.hoursPerMonth(), body.maxCandidates(), null,
                    body.termMonths(), body.trainingTokens(), body.rankBy(), body.deadlineHours(), body.budget(),
                    body.traffic()), SizingController.locale(language)));
        }
        return toJson(runs.create(new ProjectId(id), body.name(), input(body.input()), SizingController.locale(language)));
    }

    /**
     * Reads the input as {@code POST /api/v1/sizing} reads its body, so a field of the wrong JSON type is named by the
     * same path ({@code sequenceLength}, {@code model.layers}), not prefixed with {@code input}.
     */
    private @Nullable SizingInput input(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw InvalidInputException.of("input", "invalid", "expected a JSON object");
        }
        try {
            return json.treeToValue(node, SizingInput.class);
        } catch (JsonMappingException e) {
            throw new HttpMessageNotReadableException(e.getOriginalMessage(), e, null);
        } catch (JsonProcessingException e) {
            throw InvalidInputException.of("input", "invalid", "The sizing input is not valid JSON");
        }
    }

    private SizingRunJson toJson(SizingRun run) {
        try {
            return new SizingRunJson(run.id(), run.name(), run.createdAt(), json.readTree(run.inputJson()),
                    json.readTree(run.resultJson()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored sizing snapshot is not JSON", e);
        }
    }
}
