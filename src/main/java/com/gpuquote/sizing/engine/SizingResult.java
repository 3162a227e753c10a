package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Result of one sizing call. All memory in GiB (2^30 bytes), unrounded doubles (format with at least
 * three decimals). {@code gpuCount} and {@code gpusPerNode} are the values used after defaults.
 * {@code activeParameters} are the parameters one token passes through (MoE: fewer than the model's parameters;
 * what compute scales with). {@code serving} is set for INFERENCE only.
 */
public record SizingResult(
        PerGpu perGpu,
        Host host,
        int nodes,
        int gpuCount,
        int gpusPerNode,
        RatioBand ratioBand,
        double recommendedHostRamGiB,
        ModelSpec model,
        long trainableParameters,
        List<Note> notes,
        long activeParameters,
        Serving serving) {

    /**
     * GPU memory needed on each GPU. {@code workingSetGiB} is only used by GENERAL_COMPUTE; {@code logitsGiB} is the
     * output logits and loss of training and LoRA; {@code recomputeGiB} the working set of one layer recomputed
     * under full activation recompute; {@code frameworkGiB} the serving engine's per-GPU cost (CUDA context,
     * activation peak, CUDA graphs) for INFERENCE; {@code zeroBucketsGiB} DeepSpeed ZeRO's communication buckets and
     * gathered parameters at DeepSpeed's defaults (not in DeepSpeed's estimators); {@code zeroStepGiB} what ZeRO's
     * optimizer step (the gradients' flat and FP32 copies) needs beyond the gradients and the activation terms, which
     * the step does not hold at the same time.
     */
    public record PerGpu(
            double weightsGiB,
            double gradientsGiB,
            double optimizerStatesGiB,
            double activationsGiB,
            double kvCacheGiB,
            double buffersGiB,
            double overheadGiB,
            double workingSetGiB,
            double totalGiB,
            double logitsGiB,
            double recomputeGiB,
            double frameworkGiB,
            double zeroBucketsGiB,
            double zeroStepGiB) {
    }

    /**
     * Host (system) memory needed on each node. {@code workingSetGiB} is only used by GENERAL_COMPUTE;
     * {@code checkpointCacheGiB} is the checkpoint in the page cache (one copy per node, memory-mapped safetensors);
     * {@code pinnedBuffersGiB} DeepSpeed's pinned transfer buffers for offload; {@code swapSpaceGiB} and
     * {@code kvCpuOffloadGiB} vLLM's CPU swap space and KV offload.
     */
    public record Host(
            double offloadGiB,
            double modelLoadingGiB,
            double datasetCacheGiB,
            double dataloaderGiB,
            double osReserveGiB,
            double workingSetGiB,
            double totalGiB,
            double checkpointCacheGiB,
            double pinnedBuffersGiB,
            double swapSpaceGiB,
            double kvCpuOffloadGiB) {
    }

    /**
     * Serving figures of an INFERENCE result: the engine, vLLM's {@code gpu_memory_utilization}, the KV-cache bytes
     * one token takes on one GPU, the GiB of the budget that are not KV cache (weights, CUDA context, activation
     * peak) and the requested context per sequence.
     */
    public record Serving(ServingEngine engine, double gpuMemoryUtilization, double kvBytesPerTokenPerGpu,
                          double nonKvCacheGiB, int sequenceLength) {

        /**
         * The concurrent sequences of {@code sequenceLength} tokens whose KV cache fits on a GPU of {@code vramGiB}
         * (what vLLM prints as "Maximum concurrency" at start-up); 0 when the weights do not fit.
         */
        public double maxConcurrentSequences(double vramGiB) {
            double free = gpuMemoryUtilization * vramGiB - nonKvCacheGiB;
            if (free <= 0 || kvBytesPerTokenPerGpu <= 0 || sequenceLength <= 0) {
                return 0;
            }
            return free * SizingEngine.GIB / (kvBytesPerTokenPerGpu * sequenceLength);
        }
    }

    /** VRAM needed on one node: perGpu.totalGiB × gpusPerNode. */
    public double vramPerNodeGiB() {
        return perGpu.totalGiB() * gpusPerNode;
    }
}
