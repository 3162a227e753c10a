package com.gpuquote.commercial;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Money rules for quotes (currency CNY, prices tax-exclusive).
 * <ul>
 *   <li>amounts: scale 2, half-up ({@link #amount});</li>
 *   <li>unit prices: scale 4, half-up ({@link #unit}).</li>
 * </ul>
 * Every BigDecimal that leaves the quote domain is already scaled by one of these, so
 * {@code value.toPlainString()} is the JSON / display form ("1234.50", "3.1416").
 */
public final class Money {

    public static final String CURRENCY = "CNY";
    public static final int AMOUNT_SCALE = 2;
    public static final int UNIT_SCALE = 4;
    public static final RoundingMode ROUNDING = RoundingMode.HALF_UP;

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private Money() {
    }

    /** Rounds to an amount: scale 2, half-up. */
    public static BigDecimal amount(BigDecimal value) {
        return value.setScale(AMOUNT_SCALE, ROUNDING);
    }

    public static BigDecimal amount(String value) {
        return amount(new BigDecimal(value));
    }

    /** Rounds to a unit price: scale 4, half-up. */
    public static BigDecimal unit(BigDecimal value) {
        return value.setScale(UNIT_SCALE, ROUNDING);
    }

    public static BigDecimal unit(String value) {
        return unit(new BigDecimal(value));
    }

    public static BigDecimal zeroAmount() {
        return BigDecimal.ZERO.setScale(AMOUNT_SCALE);
    }

    /** {@code unitPrice × (1 − percent/100)}, computed exactly and then rounded to a unit price. */
    public static BigDecimal lessPercent(BigDecimal unitPrice, BigDecimal percent) {
        return unit(unitPrice.multiply(HUNDRED.subtract(percent)).movePointLeft(2));
    }

    /** {@code amount × rate} (rate as a fraction, e.g. 0.06), rounded to an amount. */
    public static BigDecimal amountTimesRate(BigDecimal amount, BigDecimal rate) {
        return amount(amount.multiply(rate));
    }

    /** The string form used in JSON: plain notation with the value's own (already canonical) scale. */
    public static String format(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }

    /** True when {@code value} has at most {@code scale} significant decimals (trailing zeros ignored). */
    public static boolean hasAtMostDecimals(BigDecimal value, int scale) {
        return value.stripTrailingZeros().scale() <= scale;
    }
}
