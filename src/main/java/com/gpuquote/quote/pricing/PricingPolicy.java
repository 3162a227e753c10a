package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.Margin;
import java.math.BigDecimal;

/**
 * Tenant pricing settings, both as fractions: {@code marginFloor} 0.15 = the margin on price
 * ({@link Margin}: (net − cost) / net) must be at least 15 %; {@code vatRate} 0.06 = 6 % VAT;
 * {@code voucherCapPercent} (a percent, 10 = 10 %; issue 39) the unconfirmed vouchers an option may carry without
 * approval, of its subtotal. {@code rebateInFloorCheck} (issue 39, ADR 3905): whether the line floor flags and the
 * option's floor and below-cost checks count the rebate (tenant admins and approvers) or not (consultants, who must
 * not learn the cost after rebate from them).
 */
public record PricingPolicy(BigDecimal marginFloor, BigDecimal vatRate, BigDecimal voucherCapPercent,
                            boolean rebateInFloorCheck) {

    /** Issue 39: the share of an option's subtotal a consultant may give as unconfirmed vouchers without approval. */
    public static final BigDecimal DEFAULT_VOUCHER_CAP_PERCENT = new BigDecimal("10.00");

    /** With the default voucher cap ({@link #DEFAULT_VOUCHER_CAP_PERCENT}). */
    public PricingPolicy(BigDecimal marginFloor, BigDecimal vatRate) {
        this(marginFloor, vatRate, DEFAULT_VOUCHER_CAP_PERCENT);
    }

    /** The floor check counting the rebate, as tenant admins and approvers see it. */
    public PricingPolicy(BigDecimal marginFloor, BigDecimal vatRate, BigDecimal voucherCapPercent) {
        this(marginFloor, vatRate, voucherCapPercent, true);
    }

    /**
     * Issue 39 (ADR 3905): this policy for a consultant: the floor and below-cost checks leave the rebate out, so
     * that watching them while varying a price never gives the reseller's cost after rebate.
     */
    public PricingPolicy withoutRebateInFloorCheck() {
        return new PricingPolicy(marginFloor, vatRate, voucherCapPercent, false);
    }

    public PricingPolicy {
        if (voucherCapPercent == null || voucherCapPercent.signum() < 0
                || voucherCapPercent.compareTo(BigDecimal.valueOf(100)) > 0) {
            throw new IllegalArgumentException("voucherCapPercent must be within 0..100");
        }
        if (marginFloor == null || marginFloor.signum() < 0 || marginFloor.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("marginFloor must be within 0..1 (1 excluded)");
        }
        if (vatRate == null || vatRate.signum() < 0 || vatRate.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("vatRate must be within 0..1");
        }
    }

    /** The lowest net unit price that is not below floor: cost / (1 − floor), rounded up to 4 decimals. */
    public BigDecimal floorUnitPrice(BigDecimal costUnitPrice) {
        return Margin.floorPrice(costUnitPrice, marginFloor);
    }

    /** Below floor when net × (1 − floor) &lt; cost; exactly at the floor is not below. Unknown cost: false. */
    public boolean isBelowFloor(BigDecimal netUnitPrice, BigDecimal costUnitPrice) {
        return Margin.isBelowFloor(netUnitPrice, costUnitPrice, marginFloor);
    }
}
