package com.gpuquote.sizing;

import com.gpuquote.shared.Roles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Validation;
import com.gpuquote.sizing.internal.SizingRunRepository;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.SizingResult;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * A project's saved sizing runs (ADR 1406: sizing owns them and their table). {@link #create} sizes the input on the
 * server (the REST API) with the tenant's policy; {@link #save} stores a snapshot the sizing view computed; the
 * project page and quotes read runs through {@link #list} and {@link #get}.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class SizingRunService {

    private final SizingService sizing;
    private final ProjectService projects;
    private final ObjectMapper json;
    private final SizingRunRepository runs;
    private final AuditLog audit;

    SizingRunService(SizingService sizing, ProjectService projects, ObjectMapper json, SizingRunRepository runs,
                     AuditLog audit) {
        this.sizing = sizing;
        this.projects = projects;
        this.json = json;
        this.runs = runs;
        this.audit = audit;
    }

    /** The project's saved runs, newest first; another tenant's project answers 404. */
    @Transactional(readOnly = true)
    public List<SizingRun> list(ProjectId project) {
        projects.get(project);
        return runs.forProject(tenant(), project);
    }

    /** One saved run of this tenant; another tenant's or an unknown id answers 404. */
    @Transactional(readOnly = true)
    public SizingRun get(SizingRunId runId) {
        return runs.find(tenant(), runId.value()).orElseThrow(() -> new NotFoundException("sizing run", runId.value()));
    }

    /** Saves a run as computed (input and result JSON snapshots); audited {@code SIZING_RUN_SAVED} on the project. */
    @Transactional
    public SizingRun save(ProjectId projectId, String name, String inputJson, String resultJson) {
        projects.get(projectId);
        Validation v = new Validation();
        v.check(name != null && !name.isBlank() && name.length() <= 200, "name", "required", "Name is required");
        v.check(inputJson != null && resultJson != null, "input", "required", "Sizing input and result are required");
        v.throwIfInvalid();
        UUID id = UUID.randomUUID();
        runs.insert(tenant(), id, projectId, name.trim(), inputJson, resultJson, CurrentUser.require().userId());
        audit.record(tenant(), "SIZING_RUN_SAVED", "project", projectId, Map.of("run", id.toString(), "name", name.trim()));
        return runs.find(tenant(), id).orElseThrow();
    }

    /**
     * Recommends {@code request} (priced for the project's customer, whatever customer the request names) and saves
     * its input and the recommendation (the {@link RecommendationReport}, text in {@code locale}) as a run of the
     * project, as the sizing view saves one: the input with {@code region}, {@code billingMode}, {@code hoursPerMonth},
     * {@code maxCandidates}, {@code traffic}, {@code rankBy} and {@code trainingTokens} beside it. Such a run can be
     * reopened and quoted (good / better / best). Invalid input answers {@link InvalidInputException} naming the
     * fields as {@code POST /api/v1/recommendations} does (plus {@code name}); nothing is stored then.
     */
    @Transactional
    public SizingRun createRecommended(ProjectId projectId, String name, RecommendationRequest request,
                                       Locale locale) {
        var project = projects.get(projectId);
        List<FieldError> errors = new ArrayList<>();
        if (name == null || name.isBlank() || name.length() > 200) {
            errors.add(new FieldError("name", "required", "Name is required (at most 200 characters)"));
        }
        RecommendationRequest priced = new RecommendationRequest(request.input(), request.region(),
                request.billingMode(), request.hoursPerMonth(), request.maxCandidates(), project.customerId(),
                request.termMonths(), request.trainingTokens(), request.rankBy(), request.deadlineHours(),
                request.budget(), request.traffic());
        com.gpuquote.sizing.engine.Recommendation recommended = null;
        try {
            recommended = sizing.recommend(priced);
        } catch (InvalidInputException e) {
            errors.addAll(e.errors());
        }
        if (!errors.isEmpty() || recommended == null) {
            throw new InvalidInputException(errors);
        }
        RecommendationReport report = RecommendationReport.of(recommended, locale);
        com.fasterxml.jackson.databind.node.ObjectNode input = json.valueToTree(priced.input());
        input.put("region", priced.region());
        input.put("billingMode", priced.billingMode() == null ? null : priced.billingMode().name());
        if (priced.hoursPerMonth() != null) {
            input.put("hoursPerMonth", priced.hoursPerMonth());
        }
        if (priced.maxCandidates() != null) {
            input.put("maxCandidates", priced.maxCandidates());
        }
        if (priced.traffic() != null) {
            input.set("traffic", json.valueToTree(priced.traffic()));
        }
        if (priced.rankBy() != null) {
            input.put("rankBy", priced.rankBy().name());
        }
        if (priced.trainingTokens() != null) {
            input.put("trainingTokens", priced.trainingTokens());
        }
        try {
            return save(projectId, name, json.writeValueAsString(input), json.writeValueAsString(report));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("sizing snapshot not serialisable", e);
        }
    }

    /**
     * Good / better / best from a saved run (issue 40, {@link GoodBetterBest}): its stored candidates, with the
     * region, billing mode and hours of its input. Another tenant's run answers 404; a run without candidates or none
     * meeting its targets {@link NoPlanToQuoteException}.
     */
    @Transactional(readOnly = true)
    public GoodBetterBest.RunChoice goodBetterBest(SizingRunId runId) {
        SizingRun run = get(runId);
        List<RecommendationReport.Candidate> candidates = new ArrayList<>();
        String region;
        com.gpuquote.commercial.BillingMode mode;
        Integer hours;
        try {
            com.fasterxml.jackson.databind.JsonNode result = json.readTree(run.resultJson());
            com.fasterxml.jackson.databind.JsonNode input = json.readTree(run.inputJson());
            if (result == null || !result.path("candidates").isArray() || !input.path("region").isTextual()) {
                throw new NoPlanToQuoteException(NoPlanToQuoteException.Reason.NO_CANDIDATES);
            }
            for (com.fasterxml.jackson.databind.JsonNode c : result.get("candidates")) {
                candidates.add(json.treeToValue(c, RecommendationReport.Candidate.class));
            }
            region = input.get("region").asText();
            String modeText = input.path("billingMode").isTextual() ? input.get("billingMode").asText()
                    : candidates.isEmpty() ? null : candidates.get(0).billingMode();
            if (modeText == null) {
                throw new NoPlanToQuoteException(NoPlanToQuoteException.Reason.NO_CANDIDATES);
            }
            mode = com.gpuquote.commercial.BillingMode.valueOf(modeText);
            // quote lines bill whole hours (ADR 1402), as the sizing view reopens a run
            hours = input.path("hoursPerMonth").isNumber() ? input.get("hoursPerMonth").decimalValue()
                    .setScale(0, java.math.RoundingMode.HALF_UP).intValueExact() : null;
        } catch (JsonProcessingException | IllegalArgumentException | ArithmeticException e) {
            throw new IllegalStateException("stored sizing run " + run.id() + " cannot be read", e);
        }
        return new GoodBetterBest.RunChoice(run, region, mode, hours, GoodBetterBest.choose(candidates));
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }

    /**
     * Sizes {@code input} and saves it with its result (the {@link SizingReport}, notes in {@code locale}) as a run of
     * the project. Another tenant's project answers 404 before anything else; invalid input answers
     * {@link InvalidInputException} naming the fields as {@code POST /api/v1/sizing} does (plus {@code name}), all at
     * once, and stores nothing.
     */
    @Transactional
    public SizingRun create(ProjectId project, String name, SizingInput input, Locale locale) {
        projects.get(project);
        List<FieldError> errors = new ArrayList<>();
        if (name == null || name.isBlank() || name.length() > 200) {
            errors.add(new FieldError("name", "required", "Name is required (at most 200 characters)"));
        }
        if (input == null) {
            errors.add(new FieldError("input", "required", "The sizing input is required"));
        } else {
            errors.addAll(sizing.validate(input));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        SizingResult result = sizing.size(input);
        try {
            return save(project, name, json.writeValueAsString(input),
                    json.writeValueAsString(SizingReport.of(result, locale)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("sizing snapshot not serialisable", e);
        }
    }
}
