package com.gpuquote.quote;

import com.gpuquote.commercial.Money;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * List and cost unit price of (instanceType, region, billingMode) in the price list in force.
 * {@code costUnitPrice} may be null when the price list has no cost; then margin is unknown and the line is
 * never flagged below floor. {@code provider} (a provider code, issue 39) is whose list it is: the line earns that
 * provider's rebate.
 */
public record PricePoint(BigDecimal listUnitPrice, @Nullable BigDecimal costUnitPrice, @Nullable String provider) {

    /** Without the provider (tests, candidate pricing): its line earns the option's one rebate, if any. */
    public PricePoint(BigDecimal listUnitPrice, @Nullable BigDecimal costUnitPrice) {
        this(listUnitPrice, costUnitPrice, null);
    }

    public PricePoint {
        if (listUnitPrice == null) {
            throw new IllegalArgumentException("listUnitPrice is required");
        }
        listUnitPrice = Money.unit(listUnitPrice);
        costUnitPrice = costUnitPrice == null ? null : Money.unit(costUnitPrice);
    }
}
