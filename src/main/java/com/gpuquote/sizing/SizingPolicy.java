package com.gpuquote.sizing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.sizing.engine.RatioBand;
import com.gpuquote.sizing.engine.RatioPolicy;
import com.gpuquote.sizing.engine.Workload;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tenant's sizing policy as stored and edited: RAM:VRAM bands (RAM GiB per GiB of VRAM; "1:2 to 1:4" is
 * min 2, max 4) per workload, the band of CPU-intensive GENERAL_COMPUTE jobs, and the usable VRAM fraction.
 * Values are nullable so an edit can be validated field by field ({@link SizingPolicyService#update}).
 *
 * @param bands     one band per {@link Workload}
 * @param version   optimistic lock of the stored row (0 for defaults); ignored on update when null
 * @param defaults  true when the tenant has no stored policy and the project defaults apply
 * @param trainingMfu the model FLOPs utilisation training-time estimates assume; null: the documented default
 */
public record SizingPolicy(Map<Workload, Band> bands, Band cpuIntensiveBand, BigDecimal usableVramFraction,
                           Integer version, boolean defaults, @Nullable BigDecimal trainingMfu) {

    public SizingPolicy(Map<Workload, Band> bands, Band cpuIntensiveBand, BigDecimal usableVramFraction,
                        Integer version, boolean defaults) {
        this(bands, cpuIntensiveBand, usableVramFraction, version, defaults, null);
    }

    /** The MFU estimates use: the tenant's, else {@link com.gpuquote.sizing.engine.PerformanceModel#DEFAULT_TRAINING_MFU}. */
    public double mfu() {
        return trainingMfu != null ? trainingMfu.doubleValue()
                : com.gpuquote.sizing.engine.PerformanceModel.DEFAULT_TRAINING_MFU;
    }

    /** One band; both ends inclusive. */
    public record Band(BigDecimal min, BigDecimal max) {
        public static Band of(RatioBand b) {
            return new Band(dec(b.min()), dec(b.max()));
        }

        public RatioBand toRatioBand() {
            return new RatioBand(min.doubleValue(), max.doubleValue());
        }
    }

    public SizingPolicy {
        Map<Workload, Band> copy = new EnumMap<>(Workload.class);
        if (bands != null) {
            bands.forEach((w, b) -> {
                if (w != null) {
                    copy.put(w, b);
                }
            });
        }
        bands = java.util.Collections.unmodifiableMap(copy);
    }

    /** The project defaults (docs/sizing-model.md). */
    public static SizingPolicy projectDefaults() {
        return of(RatioPolicy.defaults(), 0, true);
    }

    public static SizingPolicy of(RatioPolicy p, int version, boolean defaults) {
        Map<Workload, Band> bands = new EnumMap<>(Workload.class);
        p.bands().forEach((w, b) -> bands.put(w, Band.of(b)));
        return new SizingPolicy(bands, Band.of(p.cpuIntensiveBand()), dec(p.usableVramFraction()), version, defaults);
    }

    /** The engine's policy; only for a validated policy. */
    public RatioPolicy toRatioPolicy() {
        Map<Workload, RatioBand> m = new EnumMap<>(Workload.class);
        bands.forEach((w, b) -> m.put(w, b.toRatioBand()));
        return RatioPolicy.of(m, cpuIntensiveBand.toRatioBand(), usableVramFraction.doubleValue());
    }

    public SizingPolicy withBand(Workload workload, Band band) {
        Map<Workload, Band> m = new EnumMap<>(Workload.class);
        m.putAll(bands);
        m.put(workload, band);
        return new SizingPolicy(m, cpuIntensiveBand, usableVramFraction, version, false, trainingMfu);
    }

    /** Plain values for the audit log. */
    public Map<String, Object> auditValues() {
        Map<String, Object> m = new LinkedHashMap<>();
        bands.forEach((w, b) -> m.put(w.name(), b.min().toPlainString() + "-" + b.max().toPlainString()));
        m.put("cpuIntensive", cpuIntensiveBand.min().toPlainString() + "-" + cpuIntensiveBand.max().toPlainString());
        m.put("usableVramFraction", usableVramFraction.toPlainString());
        m.put("trainingMfu", trainingMfu == null ? "default" : trainingMfu.toPlainString());
        return m;
    }

    static BigDecimal dec(double d) {
        return norm(BigDecimal.valueOf(d));
    }

    /** Without trailing zeros, never in exponent form (10, not 1E+1). */
    public static @Nullable BigDecimal norm(@Nullable BigDecimal d) {
        if (d == null) {
            return null;
        }
        BigDecimal s = d.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }
}
