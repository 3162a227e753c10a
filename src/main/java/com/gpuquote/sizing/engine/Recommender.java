package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.BillingTerms;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

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

    private static final long UNSET = Long.MIN_VALUE;
    /** At equal price and code: hourly before spot before monthly before yearly (shortest commitment first). */
    private static final List<BillingMode> TIE_BREAK =
            List.of(BillingMode.HOURLY, BillingMode.SPOT, BillingMode.MONTHLY, BillingMode.YEARLY);

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
        Pricing pricing = new Pricing(catalog, hours);
        Ranking base = rank(r, catalog, pricing, policy, k);

        Entry best = base.size > 0 ? base.top[0] : null;
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
        List<Suggestion> suggestions = suggestions(input, r, catalog, pricing, policy, base);
        List<Excluded> excluded = new ArrayList<>();
        for (ExclusionReason reason : ExclusionReason.values()) {
            if (base.excluded[reason.ordinal()] > 0) {
                excluded.add(new Excluded(reason, base.excluded[reason.ordinal()]));
            }
        }
        return new Recommendation(sizing, List.copyOf(candidates), suggestions, excluded);
    }

    // ------------------------------------------------------------------------------------------------ ranking

    /** One evaluated candidate at the GPU count where it first fits. */
    static final class Entry {
        int idx;
        int gpuCount;
        int instances;
        long cents;
        int group; // 0: WITHIN/ABOVE band, 1: BELOW band
        double ratio;
        RatioStatus status;
        Breakdown b;
        // the plan (issue 15)
        int tp = 1;
        int pp = 1;
        int dp = 1;
        int replicas = 1;
        int perReplica = 1;
        /** The sizing of one replica when the plan is replicas of one instance (else null: {@link #b} as computed). */
        Breakdown replicaB;

        void set(Entry o) {
            replicaB = o.replicaB;
            tp = o.tp;
            pp = o.pp;
            dp = o.dp;
            replicas = o.replicas;
            perReplica = o.perReplica;
            idx = o.idx;
            gpuCount = o.gpuCount;
            instances = o.instances;
            cents = o.cents;
            group = o.group;
            ratio = o.ratio;
            status = o.status;
            b = o.b;
        }
    }

    static final class Ranking {
        final Entry[] top;
        int size;
        /** Cheapest candidate whose VRAM fits but whose RAM is short (null if none). */
        Entry cheapestRamShort;
        /** Candidates left out, by {@link ExclusionReason} ordinal. */
        final int[] excluded = new int[ExclusionReason.values().length];
        /** Per catalog index: left out because of the precision (for the precision what-if). */
        boolean[] precisionExcluded;

        Ranking(int k) {
            top = new Entry[k];
        }
    }

    /** Exact monthly prices in cents, cached per candidate for one instance. */
    static final class Pricing {
        private final List<CandidateInstance> catalog;
        private final BigDecimal hours;
        private final long[] oneInstanceCents;

        Pricing(List<CandidateInstance> catalog, BigDecimal hours) {
            this.catalog = catalog;
            this.hours = hours;
            this.oneInstanceCents = new long[catalog.size()];
            Arrays.fill(oneInstanceCents, UNSET);
        }

        long cents(int idx, int instances) {
            if (instances == 1) {
                long c = oneInstanceCents[idx];
                if (c == UNSET) {
                    c = monthlyPrice(catalog.get(idx), hours, 1).movePointRight(2).longValueExact();
                    oneInstanceCents[idx] = c;
                }
                return c;
            }
            return monthlyPrice(catalog.get(idx), hours, instances).movePointRight(2).longValueExact();
        }
    }

    /**
     * Monthly price of {@code instances} instances: HOURLY and SPOT × hoursPerMonth, MONTHLY as is, YEARLY ÷ 12;
     * times instances; rounded half-up to 0.01 once, at the end.
     */
    public static BigDecimal monthlyPrice(CandidateInstance c, BigDecimal hoursPerMonth, int instances) {
        return BillingTerms.monthlyAmount(c.billingMode(), c.unitPrice(), instances, hoursPerMonth);
    }

    /** Orders by band group, then price, then code, billing mode and GPU count (deterministic). */
    private static int compare(Entry a, Entry b, List<CandidateInstance> catalog) {
        if (a.group != b.group) {
            return Integer.compare(a.group, b.group);
        }
        if (a.cents != b.cents) {
            return Long.compare(a.cents, b.cents);
        }
        if (a.instances != b.instances) {
            return Integer.compare(a.instances, b.instances); // at equal price, fewer instances first
        }
        CandidateInstance ca = catalog.get(a.idx);
        CandidateInstance cb = catalog.get(b.idx);
        int c = ca.code().compareTo(cb.code());
        if (c != 0) {
            return c;
        }
        c = Integer.compare(TIE_BREAK.indexOf(ca.billingMode()), TIE_BREAK.indexOf(cb.billingMode()));
        return c != 0 ? c : Integer.compare(a.gpuCount, b.gpuCount);
    }

    static Ranking rank(Resolved r, List<CandidateInstance> catalog, Pricing pricing, RatioPolicy policy, int k) {
        return rank(r, catalog, pricing, policy, k, null);
    }

    /** As above, over the candidates whose index is true in {@code only} (null: all). */
    static Ranking rank(Resolved r, List<CandidateInstance> catalog, Pricing pricing, RatioPolicy policy, int k,
                        boolean[] only) {
        Ranking ranking = new Ranking(k);
        ranking.precisionExcluded = new boolean[catalog.size()];
        boolean givenCount = r.gpuCount > 0;
        int[] counts = r.gpuCount > 0 ? new int[] {r.gpuCount} : AUTO_GPU_COUNTS;
        int maxGpi = 1;
        for (CandidateInstance c : catalog) {
            maxGpi = Math.max(maxGpi, c.gpuCount());
        }
        Breakdown[][] cache = new Breakdown[counts.length][];
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        double usable = usableFraction(r, policy);
        Entry scratch = new Entry();
        Entry ramShort = null;
        Entry[] top = ranking.top;

        for (int idx = 0, size = catalog.size(); idx < size; idx++) {
            CandidateInstance c = catalog.get(idx);
            int gpi = c.gpuCount();
            if (gpi < 1 || !(c.vramPerGpuGiB() > 0) || c.unitPrice() == null || c.billingMode() == null) {
                continue; // not a usable catalog row
            }
            if (only != null && !only[idx]) {
                continue;
            }
            if (!supportsPrecision(r, c)) {
                ranking.precisionExcluded[idx] = true;
                ranking.excluded[ExclusionReason.PRECISION_UNSUPPORTED.ordinal()]++;
                continue; // BF16 before Ampere, FP8 before Ada/Hopper
            }
            double usableVram = usable * c.vramPerGpuGiB();
            boolean fit = false;
            boolean ramShortSeen = false;
            boolean vramFitSeen = false;
            ExclusionReason planReason = null;
            for (int ci = 0; ci < counts.length; ci++) {
                int n = counts[ci];
                int g = Math.min(n, gpi);
                Breakdown[] row = cache[ci];
                if (row == null) {
                    row = new Breakdown[Math.min(n, maxGpi) + 1];
                    cache[ci] = row;
                }
                Breakdown b = row[g];
                if (b == null) {
                    b = new Breakdown();
                    SizingEngine.compute(r, n, g, b);
                    row[g] = b;
                }
                if (b.perGpuTotal > usableVram) {
                    continue;
                }
                vramFitSeen = true;
                ExclusionReason rule = plan(r, c, n, gpi, givenCount, usable, scratch);
                if (rule != null) {
                    if (planReason == null) {
                        planReason = rule;
                    }
                    continue;
                }
                int instances = (n + gpi - 1) / gpi; // replicas smaller than an instance share it
                if (scratch.replicaB != null) {
                    b = scratch.replicaB;
                }
                if (b.hostTotal > c.ramGiB()) {
                    if (!ramShortSeen) {
                        ramShortSeen = true;
                        scratch.idx = idx;
                        scratch.gpuCount = n;
                        scratch.instances = instances;
                        scratch.cents = pricing.cents(idx, instances);
                        scratch.group = 0;
                        scratch.b = b;
                        if (ramShort == null || compare(scratch, ramShort, catalog) < 0) {
                            if (ramShort == null) {
                                ramShort = new Entry();
                            }
                            ramShort.set(scratch);
                        }
                    }
                    continue;
                }
                double ratio = c.ramGiB() / (c.vramPerGpuGiB() * gpi);
                RatioStatus status = band.status(ratio);
                scratch.idx = idx;
                scratch.gpuCount = n;
                scratch.instances = instances;
                scratch.cents = pricing.cents(idx, instances);
                scratch.group = status == RatioStatus.BELOW ? 1 : 0;
                scratch.ratio = ratio;
                scratch.status = status;
                scratch.b = b;
                fit = true;
                break; // price never falls as N grows, so the first fit is the cheapest for this type
            }
            if (fit) {
                insert(ranking, scratch, catalog);
            } else {
                ExclusionReason reason = planReason != null ? planReason
                        : vramFitSeen ? ExclusionReason.HOST_RAM_INSUFFICIENT : ExclusionReason.VRAM_INSUFFICIENT;
                ranking.excluded[reason.ordinal()]++;
            }
        }
        ranking.cheapestRamShort = ramShort;
        return ranking;
    }

    /**
     * Whether the candidate's GPU has tensor cores for the requested precision: BF16 needs BF16 (Ampere on), FP8
     * weights or FP8 training need FP8 (Ada Lovelace / Hopper on). From the catalog's TFLOPS when the candidate
     * carries them, else from the GPU model's name. INT8/INT4 weights are not checked (weight-only kernels).
     */
    static boolean supportsPrecision(Resolved r, CandidateInstance c) {
        if (r.workload == Workload.GENERAL_COMPUTE || r.precision == null) {
            return true;
        }
        if (r.precision == Precision.BF16 && !(c.hasGpuFacts() ? c.bf16Tflops() != null
                : GpuCapabilities.supportsBf16(c.gpuModel()))) {
            return false;
        }
        boolean fp8 = r.precision == Precision.FP8
                || (r.workload.isTraining() && r.trainingMode == TrainingMode.FP8 && r.precision != Precision.FP32);
        return !fp8 || (c.hasGpuFacts() ? c.fp8Tflops() != null : GpuCapabilities.supportsFp8(c.gpuModel()));
    }

    /** Largest power of two ≤ {@code max} that divides {@code n} and, when {@code heads} > 0, the attention heads. */
    static int tensorParallel(int n, int max, int heads) {
        int t = 1;
        while (t * 2 <= max && n % (t * 2) == 0 && (heads <= 0 || heads % (t * 2) == 0)) {
            t *= 2;
        }
        return t;
    }

    /**
     * The parallelism plan of {@code n} GPUs on instances of {@code gpi} GPUs into {@code e} (tp, pp, dp, replicas,
     * perReplica), or the reason there is none. Inference: tensor parallel inside one instance (a power of two that
     * divides the attention heads), pipeline stages for the rest of the group; with a given gpuCount larger than one
     * instance, replicas of one instance when one instance holds the model, else pipeline parallel across instances.
     * Training and LoRA: data parallel (ZeRO) over the n GPUs; several instances only over RDMA for full training and
     * for ZeRO stage 3 (parameters gathered every step). Candidates without catalog facts skip the network rule.
     */
    static @Nullable ExclusionReason plan(Resolved r, CandidateInstance c, int n, int gpi, boolean givenCount, double usable,
                                Entry e) {
        int perReplica = (n + gpi - 1) / gpi;
        e.tp = 1;
        e.pp = 1;
        e.dp = 1;
        e.replicas = 1;
        e.perReplica = perReplica;
        e.replicaB = null;
        switch (r.workload) {
            case INFERENCE -> {
                int heads = r.model.attentionHeads();
                if (n <= gpi) {
                    e.tp = tensorParallel(n, n, heads);
                    e.pp = n / e.tp;
                    return null;
                }
                // tensor parallel groups stay inside one instance: tp divides the instance's GPUs
                int tp = tensorParallel(n, Integer.lowestOneBit(gpi), heads);
                if (givenCount) {
                    // replicas when one replica of tp GPUs (inside one instance) holds the model
                    Breakdown one = new Breakdown();
                    SizingEngine.compute(r, tp, gpi, one);
                    if (one.perGpuTotal <= usable * c.vramPerGpuGiB() && one.hostTotal <= c.ramGiB()) {
                        one.gpuCount = n;
                        one.nodes = perReplica;
                        e.tp = tp;
                        e.replicas = n / tp;
                        e.perReplica = 1;
                        e.replicaB = one;
                        return null;
                    }
                }
                int pp = n / tp;
                if (n % tp != 0 || pp > Math.max(r.model.layers(), 1)) {
                    return ExclusionReason.TP_ACROSS_INSTANCES; // stages cannot split the group further
                }
                e.tp = tp;
                e.pp = pp;
                return null;
            }
            case TRAINING, LORA_FINE_TUNING -> {
                e.dp = n;
                boolean needsRdma = r.workload == Workload.TRAINING || r.zeroStage == 3;
                if (perReplica > 1 && c.hasGpuFacts() && needsRdma && !c.rdma()) {
                    return ExclusionReason.NETWORK_INADEQUATE;
                }
                return null;
            }
            default -> {
                return null; // general compute: the GPUs on ceil(n / gpi) instances, nothing parallelised by the plan
            }
        }
    }

    private static void insert(Ranking ranking, Entry e, List<CandidateInstance> catalog) {
        Entry[] top = ranking.top;
        int size = ranking.size;
        if (size == top.length && compare(e, top[size - 1], catalog) >= 0) {
            return;
        }
        Entry slot;
        if (size < top.length) {
            slot = new Entry();
            ranking.size = ++size;
        } else {
            slot = top[size - 1];
        }
        int pos = size - 1;
        while (pos > 0 && compare(e, top[pos - 1], catalog) < 0) {
            top[pos] = top[pos - 1];
            pos--;
        }
        slot.set(e);
        top[pos] = slot;
    }

    private static RankedCandidate toCandidate(Entry e, CandidateInstance c, Resolved r, RatioBand band,
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
        Breakdown b = e.b;
        return new RankedCandidate(c.code(), c.gpuModel(), e.instances, e.gpuCount, c.gpuCount(), c.vramPerGpuGiB(),
                b.perGpuTotal, 100.0 * b.perGpuTotal / c.vramPerGpuGiB(), c.ramGiB(), b.hostTotal, e.ratio, e.status,
                c.billingMode(), c.unitPrice(), BigDecimal.valueOf(e.cents, 2), c.currency(), List.copyOf(warnings),
                c.listUnitPrice(), c.listUnitPrice().compareTo(c.unitPrice()) == 0 ? BigDecimal.valueOf(e.cents, 2)
                        : monthlyPrice(c.withUnitPrice(c.listUnitPrice()), hours, e.instances),
                r.workload == Workload.INFERENCE ? maxConcurrentSequences(r, b, c.vramPerGpuGiB()) : null,
                new Plan(e.tp, e.pp, e.dp, e.replicas, e.perReplica));
    }

    /** vLLM's "maximum concurrency" for a GPU of {@code vramGiB}: KV budget over the KV bytes of one sequence. */
    static double maxConcurrentSequences(Resolved r, Breakdown b, double vramGiB) {
        double utilization = r.servingEngine == ServingEngine.VLLM ? r.gpuMemoryUtilization : 1.0;
        double free = utilization * vramGiB - b.nonKvBudget;
        if (free <= 0 || b.kvBytesPerTokenPerGpu <= 0) {
            return 0;
        }
        return free * SizingEngine.GIB / (b.kvBytesPerTokenPerGpu * r.sequenceLength);
    }

    /** Usable share of a GPU's memory: the tenant's policy, and at most vLLM's gpu_memory_utilization when serving. */
    static double usableFraction(Resolved r, RatioPolicy policy) {
        double usable = policy.usableVramFraction();
        if (r.workload == Workload.INFERENCE && r.servingEngine == ServingEngine.VLLM) {
            usable = Math.min(usable, r.gpuMemoryUtilization);
        }
        return usable;
    }

    // ------------------------------------------------------------------------------------------------ what-ifs

    private record WhatIf(String code, String pattern, SizingInput input) {
    }

    private static List<Suggestion> suggestions(SizingInput input, Resolved r, List<CandidateInstance> catalog,
                                                Pricing pricing, RatioPolicy policy, Ranking base) {
        Entry best = base.size > 0 ? base.top[0] : null;
        List<WhatIf> whatIfs = new ArrayList<>(8);
        if (r.workload.isTraining()) {
            if (r.recompute == ActivationRecompute.NONE) {
                whatIfs.add(new WhatIf(NoteCodes.SELECTIVE_RECOMPUTE,
                        "Selective activation recompute: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.SELECTIVE_RECOMPUTE)));
            }
            if (r.recompute != ActivationRecompute.FULL) {
                whatIfs.add(new WhatIf(NoteCodes.FULL_RECOMPUTE,
                        "Full activation recompute: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.FULL_RECOMPUTE)));
            }
            if (r.zeroStage < 3) {
                whatIfs.add(new WhatIf(NoteCodes.ZERO_3,
                        "ZeRO stage 3: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.ZERO_3)));
            }
            if (r.offload == Offload.NONE) {
                whatIfs.add(new WhatIf(NoteCodes.OPTIMIZER_OFFLOAD,
                        "Offload optimizer states to host memory: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.OPTIMIZER_OFFLOAD)));
            }
        }
        if (r.workload == Workload.INFERENCE) {
            if (r.precision.bytes() > 1) {
                whatIfs.add(new WhatIf(NoteCodes.INT8_SERVING,
                        "Serve INT8-quantized weights: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.INT8_SERVING)));
            }
            if (r.precision != Precision.INT4) {
                whatIfs.add(new WhatIf(NoteCodes.INT4_SERVING,
                        "Serve INT4-quantized weights: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        applyWhatIf(input, NoteCodes.INT4_SERVING)));
            }
        }
        if (r.gpuCount > 0 && r.workload != Workload.GENERAL_COMPUTE && r.gpuCount * 2 <= SizingEngine.MAX_GPU_COUNT) {
            whatIfs.add(new WhatIf(NoteCodes.MORE_GPUS,
                    "Use " + (r.gpuCount * 2) + " GPUs: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                    applyWhatIf(input, NoteCodes.MORE_GPUS)));
        }
        if (base.cheapestRamShort != null && r.workload.isTraining()
                && (r.datasetCacheGiB > 0 || r.workersPerGpu > 1)) {
            whatIfs.add(new WhatIf(NoteCodes.DISTRIBUTED_PREPROCESSING,
                    "Move preprocessing to a distributed framework such as Spark and stream the data set"
                            + " (1 loader worker per GPU, no RAM cache): {1} fits for {2} {3} per month.",
                    applyWhatIf(input, NoteCodes.DISTRIBUTED_PREPROCESSING)));
        }

        List<Suggestion> out = new ArrayList<>();
        for (WhatIf w : whatIfs) {
            Resolved wr;
            try {
                wr = SizingEngine.resolve(w.input(), true);
            } catch (SizingValidationException e) {
                continue;
            }
            Ranking wrk = rank(wr, catalog, pricing, policy, 1);
            if (wrk.size == 0) {
                continue;
            }
            Entry wb = wrk.top[0];
            if (best != null && compare(wb, best, catalog) >= 0) {
                continue;
            }
            Suggestion sg = suggestion(w.code(), w.pattern(), wb, catalog.get(wb.idx), input, w.input());
            if (NoteCodes.MORE_GPUS.equals(w.code())) {
                // {4}: the GPU count tried, so a translation can name it as the English pattern does
                List<Object> args = new ArrayList<>(sg.args());
                args.add(r.gpuCount * 2);
                sg = new Suggestion(sg.code(), sg.message(), args, sg.perGpuTotalGiB(), sg.monthlyPrice(),
                        sg.instanceType(), sg.gpuCount(), sg.currency(), sg.hostRamGiB(), sg.instances(),
                        sg.changes(), sg.input(), null);
            }
            out.add(sg);
        }
        if (base.excluded[ExclusionReason.PRECISION_UNSUPPORTED.ordinal()] > 0) {
            // what the precision the excluded GPUs can run would cost on them ("FP16 on V100: …")
            SizingInput changed = applyWhatIf(input, NoteCodes.PRECISION_ON_OLDER_GPU);
            if (changed != input) {
                try {
                    Resolved wr = SizingEngine.resolve(changed, true);
                    Ranking wrk = rank(wr, catalog, pricing, policy, 1, base.precisionExcluded);
                    if (wrk.size > 0 && (best == null || compare(wrk.top[0], best, catalog) < 0)) {
                        Entry wb = wrk.top[0];
                        CandidateInstance c = catalog.get(wb.idx);
                        String what = changed.precision() != input.precision()
                                ? String.valueOf(changed.precision()) : "BF16 mixed precision (AMP)";
                        Suggestion sg = suggestion(NoteCodes.PRECISION_ON_OLDER_GPU,
                                "{4} on {5}: {1} fits for {2} {3} per month.", wb, c, input, changed);
                        List<Object> args = new ArrayList<>(sg.args());
                        args.add(what);
                        args.add(shortGpuName(c.gpuModel()));
                        out.add(new Suggestion(sg.code(), Note.format(
                                "{4} on {5}: {1} fits for {2} {3} per month.", args.toArray()), args,
                                sg.perGpuTotalGiB(), sg.monthlyPrice(), sg.instanceType(), sg.gpuCount(),
                                sg.currency(), sg.hostRamGiB(), sg.instances(), sg.changes(), sg.input(), null));
                    }
                } catch (SizingValidationException e) {
                    // the changed input is not valid for this workload: no what-if
                }
            }
        }
        Entry rs = base.cheapestRamShort;
        if (rs != null && r.workload == Workload.GENERAL_COMPUTE && (best == null || rs.cents < best.cents)) {
            // What-if: preprocessing moves to a distributed framework, so less of the host working set stays on each
            // node. The cheapest instance with enough GPU memory fits once the working set is at most its RAM minus
            // the other host terms (OS reserve).
            CandidateInstance c = catalog.get(rs.idx);
            double maxWorkingSet = c.ramGiB() - (rs.b.hostTotal - rs.b.hostWorkingSet);
            if (maxWorkingSet > 0) {
                BigDecimal price = BigDecimal.valueOf(rs.cents, 2);
                Object[] args = {rs.b.perGpuTotal, c.code(), price, c.currency(), maxWorkingSet, rs.b.hostWorkingSet};
                String pattern = "Move preprocessing to a distributed framework such as Spark so at most {4} GiB"
                        + " of the {5} GiB host working set stays on each node: {1} fits for {2} {3} per month.";
                out.add(new Suggestion(NoteCodes.DISTRIBUTED_WORKING_SET, Note.format(pattern, args), List.of(args),
                        rs.b.perGpuTotal, price, c.code(), rs.gpuCount, c.currency(), rs.b.hostTotal, rs.instances,
                        List.of(), null, null));
            }
        }
        if (rs != null && best != null && rs.cents < best.cents) {
            CandidateInstance short_ = catalog.get(rs.idx);
            CandidateInstance fit = catalog.get(best.idx);
            BigDecimal price = BigDecimal.valueOf(best.cents, 2);
            Object[] args = {short_.code(), short_.ramGiB(), rs.b.hostTotal, fit.code(), fit.ramGiB(), price,
                    fit.currency()};
            String pattern = "{0} has enough GPU memory but only {1} GiB RAM for {2} GiB needed per node;"
                    + " {3} with {4} GiB RAM fits for {5} {6} per month.";
            out.add(new Suggestion(NoteCodes.LARGER_RAM_INSTANCE, Note.format(pattern, args), List.of(args),
                    best.b.perGpuTotal, price, fit.code(), best.gpuCount, fit.currency(), best.b.hostTotal,
                    best.instances, List.of(), null, null));
        }
        if (best == null && out.isEmpty()) {
            // nothing fits and no single change is enough: plans that combine changes until it fits
            out.addAll(FitPlans.plans(input, r, catalog, pricing, policy));
        }
        out.sort(Comparator.comparing(Suggestion::monthlyPrice).thenComparing(Suggestion::code));
        return List.copyOf(out);
    }

    /**
     * The input a what-if of {@link #recommend} sizes ({@code code} of a {@link Suggestion}), so a UI can apply a
     * suggestion to its form. {@code LARGER_RAM_INSTANCE} (and any unknown code) changes nothing.
     */
    public static SizingInput applyWhatIf(SizingInput input, String code) {
        SizingInput.Builder b = input.toBuilder();
        int zero = input.zeroStage() != null ? input.zeroStage() : SizingInput.DEFAULT_ZERO_STAGE;
        int n = input.gpuCount() != null ? input.gpuCount() : SizingInput.DEFAULT_GPU_COUNT;
        return switch (code) {
            case NoteCodes.SELECTIVE_RECOMPUTE -> b.activationRecompute(ActivationRecompute.SELECTIVE).build();
            case NoteCodes.FULL_RECOMPUTE -> b.activationRecompute(ActivationRecompute.FULL).build();
            case NoteCodes.ZERO_3 -> b.zeroStage(3).build();
            case NoteCodes.OPTIMIZER_OFFLOAD -> b.zeroStage(Math.max(zero, 2)).offload(Offload.OPTIMIZER).build();
            case NoteCodes.INT8_SERVING -> b.precision(Precision.INT8).build();
            case NoteCodes.INT4_SERVING -> b.precision(Precision.INT4).build();
            case NoteCodes.MORE_GPUS -> b.gpuCount(n * 2).gpusPerNode(null).build();
            case NoteCodes.PRECISION_ON_OLDER_GPU -> {
                if (input.precision() == Precision.BF16) {
                    yield b.precision(Precision.FP16).build();
                }
                if (input.precision() == Precision.FP8) {
                    yield b.precision(Precision.INT8).build();
                }
                if (input.trainingMode() == TrainingMode.FP8) {
                    yield b.trainingMode(TrainingMode.AMP).build();
                }
                yield input;
            }
            case NoteCodes.DISTRIBUTED_PREPROCESSING -> {
                b.dataloaderWorkersPerGpu(1);
                if (input.dataset() != null) {
                    b.dataset(new DatasetInput(input.dataset().sizeGiB(), false));
                }
                yield b.build();
            }
            default -> input;
        };
    }

    /** "H20" of "H20-SXM5-96GB": the part of a catalog GPU code before the first dash. */
    public static String shortGpuName(String gpuModelCode) {
        int dash = gpuModelCode.indexOf('-');
        return dash > 0 ? gpuModelCode.substring(0, dash) : gpuModelCode;
    }

    private static Suggestion suggestion(String code, String pattern, Entry e, CandidateInstance c, SizingInput from,
                                         SizingInput changed) {
        BigDecimal price = BigDecimal.valueOf(e.cents, 2);
        Object[] args = {e.b.perGpuTotal, c.code(), price, c.currency()};
        return new Suggestion(code, Note.format(pattern, args), List.of(args), e.b.perGpuTotal, price, c.code(),
                e.gpuCount, c.currency(), e.b.hostTotal, e.instances, changes(from, changed), changed, null);
    }

    /** The request fields a what-if changed, with their new values (defaults applied on both sides). */
    static List<Suggestion.Change> changes(SizingInput from, SizingInput to) {
        SizingInput a = from.withDefaults();
        SizingInput b = to.withDefaults();
        List<Suggestion.Change> out = new ArrayList<>(3);
        diff(out, "workload", a.workload(), b.workload());
        diff(out, "precision", a.precision(), b.precision());
        diff(out, "trainingMode", a.trainingMode(), b.trainingMode());
        diff(out, "zeroStage", a.zeroStage(), b.zeroStage());
        diff(out, "offload", a.offload(), b.offload());
        diff(out, "activationRecompute", a.activationRecompute(), b.activationRecompute());
        diff(out, "gpuCount", from.gpuCount(), to.gpuCount());
        diff(out, "dataloaderWorkersPerGpu", a.dataloaderWorkersPerGpu(), b.dataloaderWorkersPerGpu());
        diff(out, "dataset.cacheInRam", a.dataset() == null ? null : a.dataset().cacheInRam(),
                b.dataset() == null ? null : b.dataset().cacheInRam());
        return out;
    }

    private static void diff(List<Suggestion.Change> out, String field, Object a, Object b) {
        if (b != null && !b.equals(a)) {
            out.add(new Suggestion.Change(field, b instanceof Enum<?> e ? e.name() : String.valueOf(b)));
        }
    }
}
