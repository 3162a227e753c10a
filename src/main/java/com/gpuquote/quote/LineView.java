package com.gpuquote.quote;

import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A priced instance line as consultants and customers may see it: no cost, no margin, only the
 * below-floor flag. Unit prices scale 4, amounts scale 2. {@code contractUnitPrice}: a renewal line's contracted net
 * unit price (issue 39, ADR 3906), null on other lines.
 */
public record LineView(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                       int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent,
                       BigDecimal listUnitPrice, BigDecimal netUnitPrice, List<WaterfallStep> waterfall,
                       BigDecimal monthlyAmount, BigDecimal termAmount, BigDecimal listTermAmount,
                       boolean belowFloor,
                       @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                       @Nullable BigDecimal contractUnitPrice) {

    public LineView {
        waterfall = List.copyOf(waterfall);
    }

    /** A line without a contracted unit price. */
    public LineView(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                    int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent,
                    BigDecimal listUnitPrice, BigDecimal netUnitPrice, List<WaterfallStep> waterfall,
                    BigDecimal monthlyAmount, BigDecimal termAmount, BigDecimal listTermAmount, boolean belowFloor) {
        this(id, instanceType, region, billingMode, quantity, termMonths, hoursPerMonth, manualDiscountPercent,
                listUnitPrice, netUnitPrice, waterfall, monthlyAmount, termAmount, listTermAmount, belowFloor, null);
    }
}
