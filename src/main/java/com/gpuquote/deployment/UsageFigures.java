package com.gpuquote.deployment;

/** Observed figures of a window. Every percentage and GiB value is null when the window has no such sample. */
public final class UsageFigures {

    private UsageFigures() {
    }

    /**
     * GPU figures of all GPUs ({@code gpu} = -1) or of one GPU index: VRAM used % (p50, p95, max), GPU utilisation,
     * SM / graphics-engine / DRAM activity p95 (%), VRAM used per GPU in GiB (p95, max) and VRAM per GPU (GiB).
     */
    public record GpuFigures(int gpu, int samples, int gpus, Double vramUsedPctP50, Double vramUsedPctP95,
                             Double vramUsedPctMax, Double utilizationPctP95, Double smActivePctP95,
                             Double grActivePctP95, Double dramActivePctP95, Double vramUsedGiBP95,
                             Double vramUsedGiBMax, Double vramTotalGiB, String node) {

        /** All nodes together, or a deployment with one unnamed node. */
        public GpuFigures(int gpu, int samples, int gpus, Double vramUsedPctP50, Double vramUsedPctP95,
                          Double vramUsedPctMax, Double utilizationPctP95, Double smActivePctP95,
                          Double grActivePctP95, Double dramActivePctP95, Double vramUsedGiBP95,
                          Double vramUsedGiBMax, Double vramTotalGiB) {
            this(gpu, samples, gpus, vramUsedPctP50, vramUsedPctP95, vramUsedPctMax, utilizationPctP95, smActivePctP95,
                    grActivePctP95, dramActivePctP95, vramUsedGiBP95, vramUsedGiBMax, vramTotalGiB, "");
        }
    }

    /** Host memory: RAM used % p95 ((MemTotal − MemAvailable) / MemTotal), used GiB p95 and max, RAM GiB. */
    public record HostFigures(int samples, Double ramUsedPctP95, Double ramUsedGiBP95, Double ramUsedGiBMax,
                              Double ramTotalGiB) {
    }
}
