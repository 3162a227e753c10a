package com.gpuquote.deployment;

import org.jspecify.annotations.Nullable;

/** Observed figures of a window. Every percentage and GiB value is null when the window has no such sample. */
public final class UsageFigures {

    private UsageFigures() {
    }

    /**
     * GPU figures of all GPUs ({@code gpu} = -1) or of one GPU index: VRAM used % (p50, p95, max), GPU utilisation,
     * SM / graphics-engine / DRAM activity p95 (%), VRAM used per GPU in GiB (p95, max) and VRAM per GPU (GiB).
     */
    public record GpuFigures(int gpu, int samples, int gpus, @Nullable Double vramUsedPctP50, @Nullable Double vramUsedPctP95,
                             @Nullable Double vramUsedPctMax, @Nullable Double utilizationPctP95, @Nullable Double smActivePctP95,
                             @Nullable Double grActivePctP95, @Nullable Double dramActivePctP95, @Nullable Double vramUsedGiBP95,
                             @Nullable Double vramUsedGiBMax, @Nullable Double vramTotalGiB, String node) {

        /** All nodes together, or a deployment with one unnamed node. */
        public GpuFigures(int gpu, int samples, int gpus, @Nullable Double vramUsedPctP50, @Nullable Double vramUsedPctP95,
                          @Nullable Double vramUsedPctMax, @Nullable Double utilizationPctP95, @Nullable Double smActivePctP95,
                          @Nullable Double grActivePctP95, @Nullable Double dramActivePctP95, @Nullable Double vramUsedGiBP95,
                          @Nullable Double vramUsedGiBMax, @Nullable Double vramTotalGiB) {
            this(gpu, samples, gpus, vramUsedPctP50, vramUsedPctP95, vramUsedPctMax, utilizationPctP95, smActivePctP95,
                    grActivePctP95, dramActivePctP95, vramUsedGiBP95, vramUsedGiBMax, vramTotalGiB, "");
        }
    }

    /** Host memory: RAM used % p95 ((MemTotal − MemAvailable) / MemTotal), used GiB p95 and max, RAM GiB. */
    public record HostFigures(int samples, @Nullable Double ramUsedPctP95, @Nullable Double ramUsedGiBP95, @Nullable Double ramUsedGiBMax,
                              @Nullable Double ramTotalGiB) {
    }
}
