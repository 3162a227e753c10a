package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Ranks priced instance types for a sizing input (docs/sizing-model.md, "Recommendations"). Stateless and
 * thread-safe. Each call sizes each distinct (GPU count, GPUs per node) pair once, evaluates every candidate
 * without allocating per candidate, keeps the best {@code maxCandidates}, then computes what-if suggestions.
 */
public final class Recommender {

    public static final BigDecimal DEFAULT_HOURS_PER_MONTH = BigDecimal.valueOf(BillingTerms.DEFAULT_HOURS_PER_MONTH);
    public static final int DEFAULT_MAX_CANDIDATES = 10;
    public static final int MAX_CANDIDATES_LIMIT = 1000;
    /** GPU counts tried when the input has no gpuCount. */
    static final int[] AUTO_GPU_COUNTS = {1, 2, 4, 8, 16, 32, 64};

    private Recommender() {
    }

    /** With hoursPerMonth 730 and at most 10 candidates. */
    public static Recommendation recommend(SizingInput input, List<CandidateInstance> catalog, RatioPolicy policy) {
        return recommend(input, catalog, null, null, policy);
    }

    /**
     * @param input         the sizing input; a null gpuCount searches 1, 2, 4 … 64 GPUs per instance type
     * @param catalog       priced instance types (one entry per type and billing mode)
     * @param hoursPerMonth hours billed per month for HOURLY and SPOT (null → 730)
     * @param maxCandidates how many candidates to return (null → 10)
     * @throws SizingValidationException with every invalid field (sizing fields, hoursPerMonth, maxCandidates)
     */
    public static Recommendation recommend(SizingInput input, List<CandidateInstance> catalog,
                                           BigDecimal hoursPerMonth, Integer maxCandidates, RatioPolicy policy) {
        List<FieldError> errors = new ArrayList<>(0);
        Resolved r = SizingEngine.resolveInto(input, true, errors);
        BigDecimal hours = hoursPerMonth != null ? hoursPerMonth : DEFAULT_HOURS_PER_MONTH;
        if (!BillingTerms.isValidHoursPerMonth(hours)) {
            errors.add(new FieldError("hoursPerMonth", "range",
                    "hoursPerMonth must be greater than 0 and at most " + BillingTerms.MAX_HOURS_PER_MONTH));
        }
        int k = maxCandidates != null ? maxCandidates : DEFAULT_MAX_CANDIDATES;
        if (k < 1 || k > MAX_CANDIDATES_LIMIT) {
            errors.add(new FieldError("maxCandidates", "range",
                    "maxCandidates must be between 1 and " + MAX_CANDIDATES_LIMIT));
        }
        if (!errors.isEmpty()) {
            throw new SizingValidationException(errors);
        }
        CandidateRanking.Pricing pricing = new CandidateRanking.Pricing(catalog, hours);
        CandidateRanking.Ranking base = CandidateRanking.rank(r, catalog, pricing, policy, k);

        CandidateRanking.Entry best = base.size > 0 ? base.top[0] : null;
        SizingResult sizing;
        if (best != null) {
            sizing = SizingEngine.toResult(r, best.b, policy);
        } else {
            int n = r.gpuCount > 0 ? r.gpuCount : 1;
            int g = r.gpusPerNode != null ? Math.min(r.gpusPerNode, n) : SizingInput.defaultGpusPerNode(n);
            Breakdown b = new Breakdown();
            SizingEngine.compute(r, n, g, b);
            sizing = SizingEngine.toResult(r, b, policy);
        }
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        List<RankedCandidate> candidates = new ArrayList<>(base.size);
        for (int i = 0; i < base.size; i++) {
            candidates.add(toCandidate(base.top[i], catalog.get(base.top[i].idx), r, band, hours));
        }
        List<Suggestion> suggestions = WhatIfs.suggestions(input, r, catalog, pricing, policy, base);
        List<Excluded> excluded = new ArrayList<>();
        for (ExclusionReason reason : ExclusionReason.values()) {
            if (base.excluded[reason.ordinal()] > 0) {
                excluded.add(new Excluded(reason, base.excluded[reason.ordinal()]));
            }
        }
        return new Recommendation(sizing, List.copyOf(candidates), suggestions, excluded);
    }

    /**
     * Monthly price of {@code instances} instances: HOURLY and SPOT × hoursPerMonth, MONTHLY as is, YEARLY ÷ 12;
     * times instances; rounded half-up to 0.01 once, at the end.
     */
    public static BigDecimal monthlyPrice(CandidateInstance c, BigDecimal hoursPerMonth, int instances) {
        return BillingTerms.monthlyAmount(c.billingMode(), c.unitPrice(), instances, hoursPerMonth);
    }

    private static RankedCandidate toCandidate(CandidateRanking.Entry e, CandidateInstance c, Resolved r, RatioBand band,
                                               BigDecimal hours) {
        List<Note> warnings = new ArrayList<>(2);
        if (e.status == RatioStatus.BELOW) {
            warnings.add(Note.of(NoteCodes.RATIO_BELOW_BAND,
                    "RAM:VRAM of 1:{0} is below the policy band 1:{1} to 1:{2} for {3}.",
                    e.ratio, band.min(), band.max(), r.workload.name()));
        }
        if (c.billingMode() == BillingMode.SPOT) {
            warnings.add(Note.of(NoteCodes.SPOT_INTERRUPTIBLE,
                    "Spot capacity can be reclaimed at short notice; checkpoint often."));
        }
        if (r.workload == Workload.INFERENCE && r.model.kvHeads() > 0 && !r.model.isMla() && e.tp > r.model.kvHeads()) {
            warnings.add(Note.of(NoteCodes.TP_EXCEEDS_KV_HEADS,
                    "Tensor parallel {0} exceeds the model's {1} KV heads: each KV head is repeated on {2} GPUs, so the"
                            + " KV cache per GPU stops shrinking.", e.tp, r.model.kvHeads(), e.tp / r.model.kvHeads()));
        }
        if (r.workload == Workload.INFERENCE && e.tp > 1 && ServingPlanner.hostStaged(c)) {
            warnings.add(Note.of(NoteCodes.TP_OVER_PCIE,
                    "Tensor parallel {0} over PCIe without NVLink: every all-reduce is staged through host memory, so"
                            + " each decode step waits on the bus; smaller groups as replicas, or NVLink GPUs, avoid it.",
                    e.tp));
        }
        if (e.perReplica > 1 && r.workload == Workload.INFERENCE) {
            warnings.add(Note.of(NoteCodes.PIPELINE_ACROSS_INSTANCES,
                    "One instance cannot hold the model: pipeline parallel {0} across {1} instances. Every token"
                            + " crosses {2} network hops between stages, and pipeline bubbles cost throughput at small"
                            + " batch sizes.", e.pp, e.perReplica, e.perReplica - 1));
        } else if (e.replicas > 1 && r.workload == Workload.INFERENCE) {
            warnings.add(Note.of(NoteCodes.REPLICAS,
                    "{0} independent replicas; a load balancer spreads the requests over them.", e.replicas));
        } else if (e.instances > 1) {
            warnings.add(Note.of(NoteCodes.MULTI_NODE,
                    "Needs {0} instances; multi-node jobs need a fast interconnect between them.", e.instances));
        }
        int billed = c.gpuCount() * e.instances;
        if (e.gpuCount < billed) {
            warnings.add(Note.of(NoteCodes.GPUS_IDLE, "The plan uses {0} of the {1} GPUs billed; the others stay idle.",
                    e.gpuCount, billed));
        }
        Breakdown b = e.b;
        return new RankedCandidate(c.code(), c.gpuModel(), e.instances, e.gpuCount, c.gpuCount(), c.vramPerGpuGiB(),
                b.perGpuTotal, 100.0 * b.perGpuTotal / c.vramPerGpuGiB(), c.ramGiB(), b.hostTotal, e.ratio, e.status,
                c.billingMode(), c.unitPrice(), BigDecimal.valueOf(e.cents, 2), c.currency(), List.copyOf(warnings),
                c.listUnitPrice(), c.listUnitPrice().compareTo(c.unitPrice()) == 0 ? BigDecimal.valueOf(e.cents, 2)
                        : monthlyPrice(c.withUnitPrice(c.listUnitPrice()), hours, e.instances),
                r.workload == Workload.INFERENCE ? ParallelPlans.maxConcurrentSequences(r, b, c.vramPerGpuGiB()) : null,
                new Plan(e.tp, e.pp, e.dp, e.replicas, e.perReplica));
    }

    /**
     * The input a what-if of {@link #recommend} sizes ({@code code} of a {@link Suggestion}), so a UI can apply a
     * suggestion to its form. {@code LARGER_RAM_INSTANCE} (and any unknown code) changes nothing.
     */
    public static SizingInput applyWhatIf(SizingInput input, String code) {
        return WhatIfs.apply(input, code);
    }

    /** "H20" of "H20-SXM5-96GB": the part of a catalog GPU code before the first dash. */
    public static String shortGpuName(String gpuModelCode) {
        int dash = gpuModelCode.indexOf('-');
        return dash > 0 ? gpuModelCode.substring(0, dash) : gpuModelCode;
    }
}
