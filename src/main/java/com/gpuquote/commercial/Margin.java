package com.gpuquote.commercial;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * The one definition of margin (docs/decisions/3901-margin-on-price.md): margin is on price,
 * {@code (net − cost) / net}, for the floor check, approvals, dashboards, the API's {@code marginPercent} and
 * documents alike. Floors are fractions (0.05 = 5 %), as {@code PricingPolicy.marginFloor} stores them.
 * <ul>
 *   <li>cost is never below 0 (a rebate or a voucher larger than the cost leaves cost 0, not a negative cost);</li>
 *   <li>so the percent is never over 100 (it may be negative: a price below cost);</li>
 *   <li>below floor when {@code net × (1 − floor) < cost}; exactly at the floor is not below;</li>
 *   <li>the floor price is {@code cost / (1 − floor)} rounded up to a unit price, so that a price at the floor
 *       price is never below the floor.</li>
 * </ul>
 */
public record Margin(BigDecimal net, BigDecimal cost) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** {@code cost} below 0 is taken as 0. */
    public Margin {
        cost = cost.signum() < 0 ? BigDecimal.ZERO.setScale(Math.max(cost.scale(), 0)) : cost;
    }

    public static Margin of(BigDecimal net, BigDecimal cost) {
        return new Margin(net, cost);
    }

    /** net − cost, unrounded (the inputs' own scale). */
    public BigDecimal amount() {
        return net.subtract(cost);
    }

    /** (net − cost) / net × 100, half-up to 2 decimals; null when net is not positive (no price, no margin). */
    public @Nullable BigDecimal percent() {
        return net.signum() <= 0 ? null : amount().multiply(HUNDRED).divide(net, 2, RoundingMode.HALF_UP);
    }

    /** True when the margin is under {@code floor}: net × (1 − floor) &lt; cost. */
    public boolean isBelow(BigDecimal floor) {
        return net.multiply(BigDecimal.ONE.subtract(checkFloor(floor))).compareTo(cost) < 0;
    }

    /** See {@link #isBelow}; a null cost (unknown) is never below. */
    public static boolean isBelowFloor(BigDecimal net, @Nullable BigDecimal cost, BigDecimal floor) {
        return cost != null && of(net, cost).isBelow(floor);
    }

    /** The lowest unit price with at least {@code floor} margin: cost / (1 − floor), rounded up to 4 decimals. */
    public static BigDecimal floorPrice(BigDecimal cost, BigDecimal floor) {
        BigDecimal c = cost.max(BigDecimal.ZERO);
        return c.divide(BigDecimal.ONE.subtract(checkFloor(floor)), Money.UNIT_SCALE, RoundingMode.UP);
    }

    private static BigDecimal checkFloor(BigDecimal floor) {
        if (floor.signum() < 0 || floor.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("floor must be within 0 (inclusive) and 1 (exclusive): " + floor);
        }
        return floor;
    }
}
