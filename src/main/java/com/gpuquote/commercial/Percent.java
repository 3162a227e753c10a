package com.gpuquote.commercial;

import java.math.BigDecimal;

/**
 * The one conversion between the two units rates come in (ADR 1402, "Fractions and percents"). Tenant rates are
 * stored and exchanged as fractions: the margin floor ({@code tenants.margin_floor_pct}, numeric(5,4),
 * {@code PricingPolicy.marginFloor}, the settings API's {@code marginFloorPct}) and the VAT rate, 0.15 = 15 %.
 * Discounts, rebates and approval tiers are percents 0–100. Both units are REST contracts and stay; screens and
 * documents show percents and convert here, nowhere else.
 */
public final class Percent {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private Percent() {
    }

    /** The percent of a fraction: 0.15 → 15, 0.1350 → 13.5 (no trailing zeros, never a negative scale). */
    public static BigDecimal fromFraction(BigDecimal fraction) {
        return plain(fraction.multiply(HUNDRED));
    }

    /** The fraction of a percent: 15 → 0.15, 13.5 → 0.135 (exact; no trailing zeros, never a negative scale). */
    public static BigDecimal toFraction(BigDecimal percent) {
        return plain(percent.divide(HUNDRED));
    }

    private static BigDecimal plain(BigDecimal value) {
        BigDecimal v = value.stripTrailingZeros();
        return v.scale() < 0 ? v.setScale(0) : v;
    }
}
