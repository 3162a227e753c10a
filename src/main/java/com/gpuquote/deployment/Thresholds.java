package com.gpuquote.deployment;

import java.math.BigDecimal;

/**
 * A tenant's right-sizing thresholds in percent (defaults: VRAM short above 90, RAM short above 90, oversized when
 * VRAM and RAM are both below 40, underused when activity is below 5). Our policy, docs/sizing-model.md.
 */
public record Thresholds(BigDecimal vramShortPct, BigDecimal ramShortPct, BigDecimal oversizedPct,
                         BigDecimal underusedPct, boolean defaults) {

    public static Thresholds projectDefaults() {
        return new Thresholds(new BigDecimal("90"), new BigDecimal("90"), new BigDecimal("40"), new BigDecimal("5"), true);
    }
}
