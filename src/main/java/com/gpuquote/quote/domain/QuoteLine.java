package com.gpuquote.quote.domain;

import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Money;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteLineId;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * An instance line of a quote option (input only; prices come from {@link QuotePricer}).
 * {@code hoursPerMonth} matters for HOURLY/SPOT only; {@code manualDiscountPercent} is 0..100.
 */
public record QuoteLine(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                        int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    public QuoteLine {
        if (id == null) {
            throw new IllegalArgumentException("id is required");
        }
        manualDiscountPercent = manualDiscountPercent == null ? BigDecimal.ZERO : manualDiscountPercent;
    }

    /** A new line with 730 hours per month and no manual discount. */
    public static QuoteLine of(String instanceType, String region, BillingMode mode, int quantity, int termMonths) {
        return new QuoteLine(QuoteLineId.random(), instanceType, region, mode, quantity, termMonths,
                BillingTerms.DEFAULT_HOURS_PER_MONTH, BigDecimal.ZERO);
    }

    public QuoteLine withBillingMode(BillingMode mode) {
        return new QuoteLine(id, instanceType, region, mode, quantity, termMonths, hoursPerMonth, manualDiscountPercent);
    }

    public QuoteLine withManualDiscount(BigDecimal percent) {
        return new QuoteLine(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, percent);
    }

    public QuoteLine withHoursPerMonth(int hours) {
        return new QuoteLine(id, instanceType, region, billingMode, quantity, termMonths, hours, manualDiscountPercent);
    }

    /** A copy with a fresh id (used when a quote is revised). */
    public QuoteLine copy() {
        return new QuoteLine(QuoteLineId.random(), instanceType, region, billingMode, quantity, termMonths,
                hoursPerMonth, manualDiscountPercent);
    }

    public List<QuoteError> validate(String path) {
        List<QuoteError> errors = new ArrayList<>();
        if (instanceType == null || instanceType.isBlank()) {
            errors.add(new QuoteError(path + ".instanceType", "quote.error.required"));
        }
        if (region == null || region.isBlank()) {
            errors.add(new QuoteError(path + ".region", "quote.error.required"));
        }
        if (billingMode == null) {
            errors.add(new QuoteError(path + ".billingMode", "quote.error.required"));
        }
        if (quantity < 1) {
            errors.add(new QuoteError(path + ".quantity", "quote.error.atLeastOne"));
        }
        BillingTerms.termProblem(billingMode, termMonths).ifPresent(p -> errors.add(new QuoteError(path + ".termMonths",
                p == BillingTerms.TermProblem.OUT_OF_RANGE ? "quote.error.termRange" : "quote.error.yearlyTermMultipleOf12")));
        if (hoursPerMonth < 1 || hoursPerMonth > BillingTerms.MAX_HOURS_PER_MONTH) {
            errors.add(new QuoteError(path + ".hoursPerMonth", "quote.error.hoursRange"));
        }
        if (manualDiscountPercent.signum() < 0 || manualDiscountPercent.compareTo(HUNDRED) > 0) {
            errors.add(new QuoteError(path + ".manualDiscountPercent", "quote.error.percentRange"));
        } else if (!Money.hasAtMostDecimals(manualDiscountPercent, 2)) {
            errors.add(new QuoteError(path + ".manualDiscountPercent", "quote.error.percentDecimals"));
        }
        return errors;
    }
}
