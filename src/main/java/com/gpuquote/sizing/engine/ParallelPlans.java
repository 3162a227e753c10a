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
     * perReplica), or the reason there is none. Inference: tensor parallel inside one instance (a power of two that
     * divides the attention heads), pipeline stages for the rest of the group; with a given gpuCount larger than one
     * instance, replicas of one instance when one instance holds the model, else pipeline parallel across instances.
     * Training and LoRA: data parallel (ZeRO) over the n GPUs; several instances only over RDMA for full training and
     * for ZeRO stage 3 (parameters gathered every step). Candidates without catalog facts skip the network rule.
     */
    static @Nullable ExclusionReason plan(Resolved r, CandidateInstance c, int n, int gpi, boolean givenCount, double usable,
                                CandidateRanking.Entry e) {
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
