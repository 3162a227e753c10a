package com.gpuquote.commercial;

import com.gpuquote.commercial.Money;

import java.math.BigDecimal;

/**
 * The commercial core's amount rules per billing mode, used by pricing, sizing (recommendations) and quotes alike:
 * <ul>
 *   <li>monthly amount: HOURLY/SPOT unit × hoursPerMonth × quantity; MONTHLY unit × quantity;
 *       YEARLY unit ÷ 12 × quantity — computed exactly, rounded half-up to 0.01 once;</li>
 *   <li>term amount: HOURLY/SPOT/MONTHLY the rounded monthly amount × termMonths, i.e. what the customer is
 *       invoiced month by month; YEARLY unit × quantity × years, rounded half-up to 0.01 once, i.e. what the
 *       contract says (3 years of 809,871.7986 is 2,429,615.40, not 36 × 67,489.32 = 2,429,615.52; ADR 3910).
 *       YEARLY needs a term that is a multiple of 12; its monthly amount is only the informative twelfth.</li>
 * </ul>
 */
public final class BillingTerms {

    /** 8,760 hours a year ÷ 12: what clouds bill for an average month of an hourly instance. */
    public static final int DEFAULT_HOURS_PER_MONTH = 730;
    /** 31 days × 24 h: the longest month. */
    public static final int MAX_HOURS_PER_MONTH = 744;
    /** Our policy: the longest contract term quoted or priced, 10 years. */
    public static final int MAX_TERM_MONTHS = 120;
    private static final BigDecimal TWELVE = BigDecimal.valueOf(12);

    private BillingTerms() {
    }

    public static boolean isHourly(BillingMode mode) {
        return mode == BillingMode.HOURLY || mode == BillingMode.SPOT;
    }

    /** What is wrong with a contract term, if anything. */
    public enum TermProblem {
        /** Outside 1 … {@value #MAX_TERM_MONTHS} months. */
        OUT_OF_RANGE,
        /** A YEARLY price is sold in whole years. */
        NOT_WHOLE_YEARS
    }

    /** The one term rule: 1 … 120 months, and whole years for YEARLY. Empty when the term is valid. */
    public static java.util.Optional<TermProblem> termProblem(BillingMode mode, int termMonths) {
        if (termMonths < 1 || termMonths > MAX_TERM_MONTHS) {
            return java.util.Optional.of(TermProblem.OUT_OF_RANGE);
        }
        if (mode == BillingMode.YEARLY && termMonths % 12 != 0) {
            return java.util.Optional.of(TermProblem.NOT_WHOLE_YEARS);
        }
        return java.util.Optional.empty();
    }

    /** YEARLY terms must be whole years; other modes accept any positive term. */
    public static boolean isValidTerm(BillingMode mode, int termMonths) {
        return termProblem(mode, termMonths).isEmpty();
    }

    /** Hours per month a price may be computed with: greater than 0 and at most {@value #MAX_HOURS_PER_MONTH}. */
    public static boolean isValidHoursPerMonth(BigDecimal hoursPerMonth) {
        return hoursPerMonth != null && hoursPerMonth.signum() > 0
                && hoursPerMonth.compareTo(BigDecimal.valueOf(MAX_HOURS_PER_MONTH)) <= 0;
    }

    public static BigDecimal monthlyAmount(BillingMode mode, BigDecimal unitPrice, int quantity, int hoursPerMonth) {
        return monthlyAmount(mode, unitPrice, quantity, BigDecimal.valueOf(hoursPerMonth));
    }

    /** The monthly amount with a fractional hours-per-month (recommendations may price 720.5 h). */
    public static BigDecimal monthlyAmount(BillingMode mode, BigDecimal unitPrice, int quantity,
                                           BigDecimal hoursPerMonth) {
        BigDecimal qty = BigDecimal.valueOf(quantity);
        return switch (mode) {
            case HOURLY, SPOT -> Money.amount(unitPrice.multiply(hoursPerMonth).multiply(qty));
            case MONTHLY -> Money.amount(unitPrice.multiply(qty));
            case YEARLY -> unitPrice.multiply(qty).divide(TWELVE, Money.AMOUNT_SCALE, Money.ROUNDING);
        };
    }

    public static BigDecimal termAmount(BillingMode mode, BigDecimal unitPrice, int quantity, int hoursPerMonth,
                                        int termMonths) {
        if (mode == BillingMode.YEARLY && termMonths % 12 != 0) {
            throw new IllegalArgumentException("YEARLY needs a term that is a multiple of 12, got " + termMonths);
        }
        if (mode == BillingMode.YEARLY) {
            return Money.amount(unitPrice.multiply(BigDecimal.valueOf((long) quantity * (termMonths / 12))));
        }
        return monthlyAmount(mode, unitPrice, quantity, hoursPerMonth).multiply(BigDecimal.valueOf(termMonths));
    }
}
