package com.gpuquote.quote;

import com.gpuquote.pricing.BillingMode;

import java.math.BigDecimal;

/**
 * Amount rules per billing mode (kept here so the pricing enum stays a plain enum):
 * <ul>
 *   <li>monthly amount: HOURLY/SPOT unit × hoursPerMonth × quantity; MONTHLY unit × quantity;
 *       YEARLY unit ÷ 12 × quantity — computed exactly, rounded half-up to 0.01 once;</li>
 *   <li>term amount (every mode, as the issue specifies): the rounded monthly amount × termMonths, i.e. what
 *       the customer is invoiced month by month (so a 12-month term of a 1000.0001 yearly price is
 *       12 × 83.33 = 999.96). YEARLY needs a term that is a multiple of 12.</li>
 * </ul>
 */
public final class BillingTerms {

    public static final int DEFAULT_HOURS_PER_MONTH = 730;
    public static final int MAX_HOURS_PER_MONTH = 744;
    public static final int MAX_TERM_MONTHS = 120;
    private static final BigDecimal TWELVE = BigDecimal.valueOf(12);

    private BillingTerms() {
    }

    public static boolean isHourly(BillingMode mode) {
        return mode == BillingMode.HOURLY || mode == BillingMode.SPOT;
    }

    /** YEARLY terms must be whole years; other modes accept any positive term. */
    public static boolean isValidTerm(BillingMode mode, int termMonths) {
        return termMonths >= 1 && termMonths <= MAX_TERM_MONTHS
                && (mode != BillingMode.YEARLY || termMonths % 12 == 0);
    }

    public static BigDecimal monthlyAmount(BillingMode mode, BigDecimal unitPrice, int quantity, int hoursPerMonth) {
        BigDecimal qty = BigDecimal.valueOf(quantity);
        return switch (mode) {
            case HOURLY, SPOT -> Money.amount(unitPrice.multiply(BigDecimal.valueOf(hoursPerMonth)).multiply(qty));
            case MONTHLY -> Money.amount(unitPrice.multiply(qty));
            case YEARLY -> unitPrice.multiply(qty).divide(TWELVE, Money.AMOUNT_SCALE, Money.ROUNDING);
        };
    }

    public static BigDecimal termAmount(BillingMode mode, BigDecimal unitPrice, int quantity, int hoursPerMonth,
                                        int termMonths) {
        if (mode == BillingMode.YEARLY && termMonths % 12 != 0) {
            throw new IllegalArgumentException("YEARLY needs a term that is a multiple of 12, got " + termMonths);
        }
        return monthlyAmount(mode, unitPrice, quantity, hoursPerMonth).multiply(BigDecimal.valueOf(termMonths));
    }
}
