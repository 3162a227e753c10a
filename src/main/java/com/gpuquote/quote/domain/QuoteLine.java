package com.gpuquote.quote.domain;

import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Money;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteLineId;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An instance line of a quote option (input only; prices come from {@link QuotePricer}).
 * {@code hoursPerMonth} matters for HOURLY/SPOT only; {@code manualDiscountPercent} is 0..100.
 * {@code contractUnitPrice} (issue 39, ADR 3906): the net unit price contracted on the accepted quote a renewal
 * line renews, the ceiling of its price (waterfall step CONTRACT); null on every other line. Set by the renewal
 * only, never by a client; kept while the line keeps its id, instance type, region and billing mode.
 */
public record QuoteLine(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                        int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                        @Nullable BigDecimal contractUnitPrice) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    public QuoteLine {
        if (id == null) {
            throw new IllegalArgumentException("id is required");
        }
        manualDiscountPercent = manualDiscountPercent == null ? BigDecimal.ZERO : manualDiscountPercent;
    }

    /** A line without a contracted unit price. */
    public QuoteLine(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                     int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent) {
        this(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, manualDiscountPercent, null);
    }

    /** This line with {@code price} as its contracted unit price (null: none). */
    public QuoteLine withContractUnitPrice(@Nullable BigDecimal price) {
        return new QuoteLine(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth,
                manualDiscountPercent, price);
    }

    /** A new line with 730 hours per month and no manual discount. */
    public static QuoteLine of(String instanceType, String region, BillingMode mode, int quantity, int termMonths) {
        return new QuoteLine(QuoteLineId.random(), instanceType, region, mode, quantity, termMonths,
                BillingTerms.DEFAULT_HOURS_PER_MONTH, BigDecimal.ZERO);
    }

    /** In another billing mode (the mode comparison): a contracted price is one mode's, so it is not carried. */
    public QuoteLine withBillingMode(BillingMode mode) {
        return new QuoteLine(id, instanceType, region, mode, quantity, termMonths, hoursPerMonth, manualDiscountPercent);
    }

    public QuoteLine withManualDiscount(BigDecimal percent) {
        return new QuoteLine(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, percent,
                contractUnitPrice);
    }

    public QuoteLine withHoursPerMonth(int hours) {
        return new QuoteLine(id, instanceType, region, billingMode, quantity, termMonths, hours, manualDiscountPercent,
                contractUnitPrice);
    }

    /** A copy with a fresh id (used when a quote is revised: a renewal's next version keeps the contracted price). */
    public QuoteLine copy() {
        return new QuoteLine(QuoteLineId.random(), instanceType, region, billingMode, quantity, termMonths,
                hoursPerMonth, manualDiscountPercent, contractUnitPrice);
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
