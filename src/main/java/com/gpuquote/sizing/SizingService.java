package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.sizing.engine.ModelInput;
import org.jspecify.annotations.Nullable;
import io.micrometer.core.instrument.MeterRegistry;
import com.gpuquote.shared.Roles;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeFilter;
import com.gpuquote.catalog.Provider;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.PerformanceModel;
import com.gpuquote.sizing.engine.JobPlanner;
import com.gpuquote.sizing.engine.ServingPlanner;
import com.gpuquote.sizing.engine.ServingTraffic;
import com.gpuquote.sizing.engine.Workload;
import com.gpuquote.sizing.engine.JobGoal;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.CandidateInstance;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Recommendation;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingEngine;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.SizingResult;
import com.gpuquote.sizing.engine.SizingValidationException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Sizing for the signed-in tenant: the engine ({@code sizing.engine}) with the tenant's {@link SizingPolicy}.
 * Invalid input answers {@link InvalidInputException} with the engine's field names (JSON paths such as
 * {@code model.parameters}) and codes.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class SizingService {

    /** The longest contract term a recommendation can be priced for, as for quote lines. */
    public static final int MAX_TERM_MONTHS = BillingTerms.MAX_TERM_MONTHS;

    private final SizingPolicyService policies;
    private final CatalogService catalog;
    private final CustomerService customers;
    private final CandidatePricing pricing;
    private final Clock clock;
    private final MeterRegistry meters;

    SizingService(SizingPolicyService policies, CatalogService catalog, CustomerService customers,
                  CandidatePricing pricing, Clock clock, MeterRegistry meters) {
        this.clock = clock;
        this.meters = meters;
        this.policies = policies;
        this.catalog = catalog;
        this.customers = customers;
        this.pricing = pricing;
    }

    /** Sizes one input with the tenant's policy. */
    @Transactional(readOnly = true)
    public SizingResult size(SizingInput input) {
        meters.counter("gpuquote.sizing.calls", "operation", "size").increment();
        List<FieldError> errors = validate(input);
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        try {
            return SizingEngine.size(input, policies.ratioPolicy());
        } catch (SizingValidationException e) {
            throw invalid(e);
        }
    }

    /** Every problem of the input (empty when it can be sized). */
    public List<FieldError> validate(SizingInput input) {
        return toShared(SizingEngine.validate(input));
    }

    /**
     * Ranks the instance types the tenant can sell: every ACTIVE catalog type offered in the region that has a
     * price in force now for the billing mode ({@link CandidatePricing}: list prices, never cost). Errors name the
     * request fields ({@code region}, {@code billingMode}, {@code hoursPerMonth}, {@code maxCandidates} and the
     * sizing fields); another tenant's {@code customerId} answers 404.
     */
    @Transactional(readOnly = true)
    public Recommendation recommend(RecommendationRequest request) {
        meters.counter("gpuquote.sizing.calls", "operation", "recommend").increment();
        List<FieldError> errors = new ArrayList<>(validate(request.input()));
        if (request.region() == null || request.region().isBlank()) {
            errors.add(new FieldError("region", "required", "region is required"));
        } else if (!knownRegion(request.region().trim())) {
            errors.add(new FieldError("region", "unknown", "unknown region '" + request.region() + "'"));
        }
        if (request.billingMode() == null) {
            errors.add(new FieldError("billingMode", "required", "billingMode is required"));
        }
        BigDecimal hours = request.hoursPerMonth();
        if (hours != null && !BillingTerms.isValidHoursPerMonth(hours)) {
            errors.add(new FieldError("hoursPerMonth", "range",
                    "hoursPerMonth must be greater than 0 and at most " + BillingTerms.MAX_HOURS_PER_MONTH));
        }
        Integer term = request.termMonths();
        if (term != null) {
            BillingTerms.termProblem(request.billingMode(), term).ifPresent(p -> errors.add(
                    p == BillingTerms.TermProblem.OUT_OF_RANGE
                            ? new FieldError("termMonths", "range", "termMonths must be between 1 and " + MAX_TERM_MONTHS)
                            : new FieldError("termMonths", "wholeYears", "termMonths must be a multiple of 12 for YEARLY")));
        }
        Integer max = request.maxCandidates();
        if (max != null && (max < 1 || max > Recommender.MAX_CANDIDATES_LIMIT)) {
            errors.add(new FieldError("maxCandidates", "range",
                    "maxCandidates must be between 1 and " + Recommender.MAX_CANDIDATES_LIMIT));
        }
        errors.addAll(validateGoal(request));
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        if (request.customerId() != null) {
            customers.get(request.customerId()); // another tenant's customer: 404
        }
        String region = request.region().trim();
        List<InstanceType> types = catalog.instanceTypes(
                InstanceTypeFilter.ALL.withRegion(region).withStatus(InstanceStatus.ACTIVE));
        List<CandidateInstance> candidates = candidates(pricing.price(new CandidatePricing.Request(
                types, region, request.billingMode(), request.customerId(), clock.instant(),
                request.input().gpuCount(), request.termMonths())), request);
        JobGoal goal = new JobGoal(request.trainingTokens(), request.rankBy(), request.deadlineHours(),
                request.budget(), policies.current().mfu());
        int keep = max != null ? max : Recommender.DEFAULT_MAX_CANDIDATES;
        boolean ranksByServing = request.rankBy() == RankBy.COST_PER_MILLION_TOKENS;
        try {
            // ranking by the job or by token cost looks at every fitting plan, not only the cheapest per month
            Recommendation ranked = Recommender.recommend(request.input(), candidates, hours,
                    goal.ranksByJob() || ranksByServing ? Recommender.MAX_CANDIDATES_LIMIT : keep,
                    policies.ratioPolicy());
            if (request.input().workload() == Workload.INFERENCE) {
                ServingPlanner.Planned served = ServingPlanner.plan(request.input(), ranked.candidates(), candidates,
                        request.traffic(), request.rankBy(), hours, keep);
                return new Recommendation(ranked.sizing(), served.candidates(), ranked.suggestions(),
                        ranked.excluded(), null, served.performance());
            }
            if (goal.trainingTokens() == null) {
                return ranked;
            }
            JobPlanner.Planned planned = JobPlanner.plan(request.input(), ranked.candidates(), candidates, goal, keep);
            return new Recommendation(ranked.sizing(), planned.candidates(), ranked.suggestions(), ranked.excluded(),
                    planned.performance());
        } catch (SizingValidationException e) {
            throw invalid(e);
        }
    }

    /** Largest training job we estimate: 10^15 tokens (a thousand times Llama 3's 15 T). */
    static final double MAX_TRAINING_TOKENS = 1e15;
    /** Longest deadline we compare with: ten years of hours. */
    static final double MAX_DEADLINE_HOURS = 87_600;

    private static List<FieldError> validateGoal(RecommendationRequest request) {
        List<FieldError> errors = new ArrayList<>();
        Double tokens = request.trainingTokens();
        if (tokens != null && !(tokens >= 1 && tokens <= MAX_TRAINING_TOKENS)) {
            errors.add(new FieldError("trainingTokens", "range", "trainingTokens must be between 1 and 1e15"));
        }
        if (tokens != null && request.input() != null && request.input().workload() != null
                && !request.input().workload().isTraining()) {
            errors.add(new FieldError("trainingTokens", "notTraining",
                    "trainingTokens applies to TRAINING and LORA_FINE_TUNING workloads"));
        }
        Double deadline = request.deadlineHours();
        if (deadline != null && !(deadline > 0 && deadline <= MAX_DEADLINE_HOURS)) {
            errors.add(new FieldError("deadlineHours", "range", "deadlineHours must be greater than 0 and at most 87600"));
        }
        BigDecimal budget = request.budget();
        if (budget != null && (budget.signum() <= 0 || !com.gpuquote.shared.InputRules.fitsMoney(budget))) {
            errors.add(new FieldError("budget", "range", "budget must be a positive amount"));
        }
        RankBy rankBy = request.rankBy();
        boolean inference = request.input() != null && request.input().workload() == Workload.INFERENCE;
        if (rankBy == RankBy.COST_PER_MILLION_TOKENS && !inference) {
            errors.add(new FieldError("rankBy", "notInference", "COST_PER_MILLION_TOKENS ranks INFERENCE workloads"));
        } else if ((rankBy == RankBy.JOB_COST || rankBy == RankBy.TIME_TO_RESULT) && tokens == null) {
            errors.add(new FieldError("trainingTokens", "required", "rankBy " + rankBy + " needs trainingTokens"));
        }
        errors.addAll(validateTraffic(request.traffic(), inference,
                request.input() == null ? null : request.input().sequenceLength()));
        return errors;
    }

    /** Longest latency objective accepted: ten minutes, in ms. */
    static final double MAX_SLO_MS = 600_000;

    /** Most requests per second we plan for: a million. */
    static final double MAX_REQUESTS_PER_SECOND = 1e6;

    private static List<FieldError> validateTraffic(ServingTraffic t, boolean inference, Integer sequenceLength) {
        List<FieldError> errors = new ArrayList<>();
        if (t == null) {
            return errors;
        }
        if (!inference) {
            errors.add(new FieldError("traffic", "notInference", "traffic applies to INFERENCE workloads"));
            return errors;
        }
        Double rps = t.requestsPerSecond();
        if (rps == null || !(rps > 0 && rps <= MAX_REQUESTS_PER_SECOND)) {
            errors.add(new FieldError("traffic.requestsPerSecond", rps == null ? "required" : "range",
                    "traffic.requestsPerSecond must be greater than 0 and at most 1000000"));
        }
        if (t.inputTokens() == null || t.inputTokens() < 1) {
            errors.add(new FieldError("traffic.inputTokens", t.inputTokens() == null ? "required" : "range",
                    "traffic.inputTokens must be at least 1"));
        }
        if (t.outputTokens() == null || t.outputTokens() < 1) {
            errors.add(new FieldError("traffic.outputTokens", t.outputTokens() == null ? "required" : "range",
                    "traffic.outputTokens must be at least 1"));
        }
        for (var slo : new Object[][] {{"traffic.ttftMs", t.ttftMs()}, {"traffic.tpotMs", t.tpotMs()}}) {
            Double ms = (Double) slo[1];
            if (ms != null && !(ms > 0 && ms <= MAX_SLO_MS)) {
                errors.add(new FieldError((String) slo[0], "range",
                        slo[0] + " must be greater than 0 and at most 600000 (ms)"));
            }
        }
        if (errors.isEmpty() && sequenceLength != null
                && (long) t.inputTokens() + t.outputTokens() > sequenceLength) {
            errors.add(new FieldError("traffic.inputTokens", "exceedsContext",
                    "traffic.inputTokens + traffic.outputTokens must not exceed sequenceLength (" + sequenceLength
                            + "), the context the memory is sized for"));
        }
        return errors;
    }

    private static List<CandidateInstance> candidates(List<CandidatePricing.Priced> priced, RecommendationRequest r) {
        BillingMode mode = r.billingMode();
        List<CandidateInstance> out = new ArrayList<>(priced.size());
        for (CandidatePricing.Priced p : priced) {
            InstanceType t = p.instanceType();
            out.add(candidate(t, mode, p.unitPrice(), p.currency(), p.listUnitPrice()));
        }
        return out;
    }

    /** The engine's view of one priced catalog type, with the GPU facts a parallelism plan needs (issue 15). */
    public static CandidateInstance candidate(InstanceType t, BillingMode mode,
                                              BigDecimal unitPrice, String currency, BigDecimal listUnitPrice) {
        var g = t.gpuModel();
        return new CandidateInstance(t.code(), g.code(), t.gpuCount(), t.usableVramPerGpuGiB().doubleValue(), t.vcpu(),
                t.ramGiB().doubleValue(), mode, unitPrice, currency, listUnitPrice, g.fp16Tflops().doubleValue(),
                toDouble(g.bf16Tflops()), toDouble(g.fp8Tflops()), toDouble(g.int8Tflops()),
                g.memoryBandwidthGBs().doubleValue(), g.interconnect().name(), g.interconnectGBs().doubleValue(),
                t.networkGbps().doubleValue(), t.rdma(), t.vramPerGpuGiB().doubleValue());
    }

    private static Double toDouble(BigDecimal v) {
        return v == null ? null : v.doubleValue();
    }

    private boolean knownRegion(String region) {
        for (Provider p : Provider.values()) {
            if (catalog.regions(p).contains(region)) {
                return true;
            }
        }
        return false;
    }

    /** The built-in model presets in display order. */
    public List<ModelPreset> presets() {
        return ModelPresets.all();
    }

    /** The explicit model a pasted Hugging Face config.json describes (400 naming what it cannot read). */
    public ModelInput modelFromConfig(@Nullable JsonNode config) {
        return HfModelConfig.read(config);
    }

    static InvalidInputException invalid(SizingValidationException e) {
        return new InvalidInputException(toShared(e.errors()));
    }

    static List<FieldError> toShared(List<com.gpuquote.sizing.engine.FieldError> errors) {
        return errors.stream().map(e -> new FieldError(e.field(), e.code(), e.message())).toList();
    }
}
