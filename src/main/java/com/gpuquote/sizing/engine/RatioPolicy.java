package com.gpuquote.sizing.engine;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A reseller's sizing policy: the RAM:VRAM band per workload, a separate band for CPU-intensive
 * GENERAL_COMPUTE jobs, and the usable fraction of a GPU's VRAM (default 0.90). Immutable; the
 * {@code with…} methods return changed copies (the tenant-admin "sizing policy" screen edits these).
 */
public final class RatioPolicy {

    public static final double DEFAULT_USABLE_VRAM_FRACTION = 0.90;

    private static final RatioPolicy DEFAULTS = new RatioPolicy(defaultBands(), new RatioBand(4, 8),
            DEFAULT_USABLE_VRAM_FRACTION);

    private final RatioBand[] bands; // indexed by Workload.ordinal()
    private final RatioBand cpuIntensiveBand;
    private final double usableVramFraction;

    private RatioPolicy(RatioBand[] bands, RatioBand cpuIntensiveBand, double usableVramFraction) {
        for (Workload w : Workload.values()) {
            Objects.requireNonNull(bands[w.ordinal()], () -> "no ratio band for " + w);
        }
        this.bands = bands;
        this.cpuIntensiveBand = Objects.requireNonNull(cpuIntensiveBand, "cpuIntensiveBand");
        if (!(usableVramFraction > 0 && usableVramFraction <= 1)) {
            throw new IllegalArgumentException("usableVramFraction must be in (0, 1], got " + usableVramFraction);
        }
        this.usableVramFraction = usableVramFraction;
    }

    private static RatioBand[] defaultBands() {
        RatioBand[] b = new RatioBand[Workload.values().length];
        b[Workload.TRAINING.ordinal()] = new RatioBand(2, 4);
        b[Workload.LORA_FINE_TUNING.ordinal()] = new RatioBand(2, 4);
        b[Workload.INFERENCE.ordinal()] = new RatioBand(1, 2);
        b[Workload.GENERAL_COMPUTE.ordinal()] = new RatioBand(2, 4);
        return b;
    }

    /** Project defaults: TRAINING/LORA 1:2–1:4, INFERENCE 1:1–1:2, GENERAL_COMPUTE 1:2–1:4 (CPU-intensive 1:4–1:8), 90 % usable VRAM. */
    public static RatioPolicy defaults() {
        return DEFAULTS;
    }

    /** A full policy, e.g. loaded from the tenant's settings. */
    public static RatioPolicy of(Map<Workload, RatioBand> bands, RatioBand cpuIntensiveBand, double usableVramFraction) {
        RatioBand[] b = new RatioBand[Workload.values().length];
        for (Map.Entry<Workload, RatioBand> e : bands.entrySet()) {
            b[e.getKey().ordinal()] = e.getValue();
        }
        return new RatioPolicy(b, cpuIntensiveBand, usableVramFraction);
    }

    public RatioPolicy withBand(Workload workload, RatioBand band) {
        RatioBand[] b = bands.clone();
        b[workload.ordinal()] = Objects.requireNonNull(band, "band");
        return new RatioPolicy(b, cpuIntensiveBand, usableVramFraction);
    }

    public RatioPolicy withCpuIntensiveBand(RatioBand band) {
        return new RatioPolicy(bands, band, usableVramFraction);
    }

    public RatioPolicy withUsableVramFraction(double fraction) {
        return new RatioPolicy(bands, cpuIntensiveBand, fraction);
    }

    public RatioBand band(Workload workload) {
        return bands[workload.ordinal()];
    }

    public RatioBand cpuIntensiveBand() {
        return cpuIntensiveBand;
    }

    /** The band that applies: the CPU-intensive one for a CPU-intensive GENERAL_COMPUTE job. */
    public RatioBand bandFor(Workload workload, boolean cpuIntensive) {
        return workload == Workload.GENERAL_COMPUTE && cpuIntensive ? cpuIntensiveBand : bands[workload.ordinal()];
    }

    public double usableVramFraction() {
        return usableVramFraction;
    }

    public Map<Workload, RatioBand> bands() {
        Map<Workload, RatioBand> m = new EnumMap<>(Workload.class);
        for (Workload w : Workload.values()) {
            m.put(w, bands[w.ordinal()]);
        }
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RatioPolicy p && java.util.Arrays.equals(bands, p.bands)
                && cpuIntensiveBand.equals(p.cpuIntensiveBand) && usableVramFraction == p.usableVramFraction;
    }

    @Override
    public int hashCode() {
        return Objects.hash(java.util.Arrays.hashCode(bands), cpuIntensiveBand, usableVramFraction);
    }

    @Override
    public String toString() {
        return "RatioPolicy" + bands() + ", cpuIntensive=" + cpuIntensiveBand + ", usableVram=" + usableVramFraction;
    }
}
