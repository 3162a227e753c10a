package com.gpuquote.quote.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.GoodBetterBestQuotes;
import com.gpuquote.shared.I18n;
import com.gpuquote.sizing.NoPlanToQuoteException;
import com.gpuquote.sizing.SizingRunId;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.time.LocalDate;
import java.util.Locale;
import java.util.UUID;

/**
 * Good / better / best in one action (issue 40): a saved sizing run becomes a DRAFT quote with up to three options
 * ({@link GoodBetterBestQuotes}). Answers the body of {@code POST /api/v1/quotes} plus {@code goodBetterBest}: which
 * option is which, and a message when fewer than three plans meet the run's targets.
 */
@RestController
@Tag(name = "Quotes")
class GoodBetterBestController {

    /** Both optional: the run's own project (another answers 400), and the validity (null: 30 days). */
    record GoodBetterBestBody(@Nullable UUID projectId, @Nullable LocalDate validUntil) {
    }

    private final GoodBetterBestQuotes quotes;
    private final ObjectMapper json;

    GoodBetterBestController(GoodBetterBestQuotes quotes, ObjectMapper json) {
        this.quotes = quotes;
        this.json = json;
    }

    @PostMapping("/api/v1/sizing-runs/{id}/good-better-best-quote")
    @Operation(summary = "Build a DRAFT quote from a saved sizing run in one action: option A the cheapest plan that "
            + "meets the run's SLO (or deadline/budget), B the best cost-for-speed balance, C the fastest (docs/sizing-model.md, "
            + "\"Good / better / best\"); each line is what \"add to quote\" makes for the plan (the instances the "
            + "traffic needs), priced through the customer's agreement. Fewer distinct plans give fewer options "
            + "(goodBetterBest.complete false, with a message); none 422; another tenant's run 404")
    ResponseEntity<ObjectNode> create(@PathVariable UUID id,
                                      @RequestBody(required = false) @Nullable GoodBetterBestBody body,
                                      @RequestHeader(value = "Accept-Language", required = false) @Nullable String language) {
        GoodBetterBestQuotes.Built built = quotes.create(new SizingRunId(id),
                body == null || body.projectId() == null ? null : new ProjectId(body.projectId()),
                body == null ? null : body.validUntil());
        ObjectNode answer = json.valueToTree(QuoteJson.of(built.quote()));
        ObjectNode gbb = answer.putObject("goodBetterBest");
        gbb.put("complete", built.complete());
        gbb.put("qualifying", built.qualifying());
        gbb.put("message", built.message(locale(language)));
        var options = gbb.putArray("options");
        built.options().forEach(o -> options.addObject().put("option", o.name().name()).put("tier", o.tier().name())
                .put("instanceType", o.instanceType()).put("quantity", o.quantity()));
        return ResponseEntity.created(URI.create("/api/v1/quotes/" + built.quote().id())).body(answer);
    }

    /** 422: the run has no plan to quote; {@code code} names why, the detail says it in the caller's language. */
    @ExceptionHandler(NoPlanToQuoteException.class)
    ProblemDetail noPlan(NoPlanToQuoteException e, jakarta.servlet.http.HttpServletRequest request) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY,
                e.message(locale(request.getHeader("Accept-Language"))));
        p.setType(URI.create("https://gpuquote.dev/problems/no-plan-to-quote"));
        p.setTitle("No plan to quote");
        p.setProperty("code", e.code());
        return p;
    }

    /** English unless the request asks for Chinese, as the API speaks English by default. */
    private static Locale locale(@Nullable String language) {
        return language != null && language.strip().toLowerCase(Locale.ROOT).startsWith("zh") ? I18n.CHINESE
                : I18n.ENGLISH;
    }
}
