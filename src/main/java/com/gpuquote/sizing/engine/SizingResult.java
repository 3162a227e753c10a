package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Result of one sizing call. All memory in GiB (2^30 bytes), unrounded doubles (format with at least
 * three decimals). {@code gpuCount} and {@code gpusPerNode} are the values used after defaults.
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
        List<Note> notes) {

    /** GPU memory needed on each GPU. {@code workingSetGiB} is only used by GENERAL_COMPUTE. */
    public record PerGpu(
            double weightsGiB,
            double gradientsGiB,
            double optimizerStatesGiB,
            double activationsGiB,
            double kvCacheGiB,
            double buffersGiB,
            double overheadGiB,
            double workingSetGiB,
            double totalGiB) {
    }

    /** Host (system) memory needed on each node. {@code workingSetGiB} is only used by GENERAL_COMPUTE. */
    public record Host(
            double offloadGiB,
            double modelLoadingGiB,
            double datasetCacheGiB,
            double dataloaderGiB,
            double osReserveGiB,
            double workingSetGiB,
            double totalGiB) {
    }

    /** VRAM needed on one node: perGpu.totalGiB × gpusPerNode. */
    public double vramPerNodeGiB() {
        return perGpu.totalGiB() * gpusPerNode;
    }
}
