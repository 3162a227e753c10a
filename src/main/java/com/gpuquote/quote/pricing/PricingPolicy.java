package com.gpuquote.quote.pricing;

import java.math.BigDecimal;

/**
 * Tenant pricing settings, both as fractions: {@code marginFloor} 0.15 = net must be at least cost × 1.15;
 * {@code vatRate} 0.06 = 6 % VAT.
 */
public record PricingPolicy(BigDecimal marginFloor, BigDecimal vatRate) {

    public PricingPolicy {
        if (marginFloor == null || marginFloor.signum() < 0) {
            throw new IllegalArgumentException("marginFloor must be ≥ 0");
        }
        if (vatRate == null || vatRate.signum() < 0 || vatRate.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("vatRate must be within 0..1");
        }
    }

    /** The lowest net unit price that is not below floor: cost × (1 + floor), exact (not rounded). */
    public BigDecimal floorUnitPrice(BigDecimal costUnitPrice) {
        return costUnitPrice.multiply(BigDecimal.ONE.add(marginFloor));
    }

    /** Below floor when net &lt; cost × (1 + floor); exactly at the floor is not below. Unknown cost: false. */
    public boolean isBelowFloor(BigDecimal netUnitPrice, BigDecimal costUnitPrice) {
        return costUnitPrice != null && netUnitPrice.compareTo(floorUnitPrice(costUnitPrice)) < 0;
    }
}
