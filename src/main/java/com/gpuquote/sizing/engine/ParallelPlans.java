package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * Which GPUs a candidate may run the job on and how the job is laid out on them (tensor, pipeline and data parallel,
 * replicas), plus the memory share a plan may use (docs/sizing-model.md, "Parallelism plans").
 */
final class ParallelPlans {

    private ParallelPlans() {
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
     * perReplica, gpusUsed), or the reason there is none.
     * <p>
     * Inference: every GPU billed serves. When a group of at most one instance holds the model, the GPUs billed
     * (the instance, or a given gpuCount larger than one instance) are split into replicas of one group size inside
     * one instance, the size chosen by the serving model's throughput over all replicas (tensor parallel against
     * replicas; without GPU facts the smallest group, most replicas). Otherwise pipeline stages across instances
     * with tensor parallel inside each. Training and LoRA: data parallel (ZeRO) over the n GPUs, widened to the whole
     * instance when the search chose fewer GPUs than it has; with a given gpuCount an instance with more GPUs is
     * left out ({@code MORE_GPUS_THAN_REQUESTED}); several instances only over RDMA for full training and for
     * ZeRO stage 3. Candidates without catalog facts skip the network rule.
     */
    static @Nullable ExclusionReason plan(Resolved r, CandidateInstance c, int n, int gpi, boolean givenCount,
                                          double usable, CandidateRanking.Entry e) {
        int perReplica = (n + gpi - 1) / gpi;
        e.tp = 1;
        e.pp = 1;
        e.dp = 1;
        e.replicas = 1;
        e.perReplica = perReplica;
        e.replicaB = null;
        e.gpusUsed = n;
        e.pipelineAcross = false;
        switch (r.workload) {
            case INFERENCE -> {
                int heads = r.model.attentionHeads();
                int billed = n <= gpi ? gpi : n;
                if (fillWithReplicas(r, c, givenCount ? 1 : Math.min(n, gpi), billed, gpi, usable, e)) {
                    return null;
                }
                if (n <= gpi) {
                    e.tp = tensorParallel(n, n, heads);
                    e.pp = n / e.tp;
                    return null; // the group does not divide the instance (or its host RAM is short): as sized
                }
                // tensor parallel groups stay inside one instance: tp divides the instance's GPUs
                int tp = tensorParallel(n, Integer.lowestOneBit(gpi), heads);
                int pp = n / tp;
                if (n % tp != 0 || pp > Math.max(r.model.layers(), 1)) {
                    return ExclusionReason.TP_ACROSS_INSTANCES; // stages cannot split the group further
                }
                e.tp = tp;
                e.pp = pp;
                e.pipelineAcross = true;
                return null;
            }
            case TRAINING, LORA_FINE_TUNING -> {
                if (givenCount && gpi > n) {
                    return ExclusionReason.MORE_GPUS_THAN_REQUESTED;
                }
                e.dp = n;
                if (n < gpi) {
                    Breakdown all = new Breakdown();
                    SizingEngine.compute(r, gpi, gpi, all);
                    if (all.perGpuTotal <= usable * c.vramPerGpuGiB() && all.hostTotal <= c.ramGiB()) {
                        e.dp = gpi;
                        e.gpusUsed = gpi;
                        e.replicaB = all;
                    }
                }
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

    /**
     * Splits {@code billed} GPUs (instances of {@code gpi}) into replicas of one group size from {@code smallest} up
     * to one instance, each group fitting GPU memory and the instance's host RAM; the size with the most output
     * tokens/s over all replicas wins (ties and unknown throughput: the smaller group). False when no size fits.
     */
    private static boolean fillWithReplicas(Resolved r, CandidateInstance c, int smallest, int billed, int gpi,
                                            double usable, CandidateRanking.Entry e) {
        int heads = r.model.attentionHeads();
        int instances = (billed + gpi - 1) / gpi;
        Breakdown best = null;
        int bestGroup = 0;
        double bestTotal = Double.NaN;
        for (int s = Math.max(1, smallest); s <= Math.min(billed, gpi); s *= 2) {
            if (billed % s != 0 || gpi % s != 0) {
                continue;
            }
            Breakdown one = new Breakdown();
            SizingEngine.compute(r, s, gpi, one);
            if (one.perGpuTotal > usable * c.vramPerGpuGiB() || one.hostTotal > c.ramGiB()) {
                continue;
            }
            int tp = tensorParallel(s, s, heads);
            double total = ServingPlanner.replicaTokensPerSecond(r, c, tp, s / tp,
                    maxConcurrentSequences(r, one, c.vramPerGpuGiB())) * (billed / s);
            if (best == null || total > bestTotal * (1 + 1e-9)) {
                best = one;
                bestGroup = s;
                bestTotal = total;
            }
        }
        if (best == null) {
            return false;
        }
        best.gpuCount = billed;
        best.nodes = instances;
        e.tp = tensorParallel(bestGroup, bestGroup, heads);
        e.pp = bestGroup / e.tp;
        e.replicas = billed / bestGroup;
        e.perReplica = 1;
        e.replicaB = best;
        e.gpusUsed = billed;
        return true;
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
}
