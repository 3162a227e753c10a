package com.gpuquote.quote;

import com.gpuquote.quote.pricing.WaterfallStep;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.util.List;

/**
 * A priced instance line as consultants and customers may see it: no cost, no margin, only the
 * below-floor flag. Unit prices scale 4, amounts scale 2.
 */
public record LineView(QuoteLineId id, String instanceType, String region, BillingMode billingMode, int quantity,
                       int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent,
                       BigDecimal listUnitPrice, BigDecimal netUnitPrice, List<WaterfallStep> waterfall,
                       BigDecimal monthlyAmount, BigDecimal termAmount, BigDecimal listTermAmount,
                       boolean belowFloor) {

    public LineView {
        waterfall = List.copyOf(waterfall);
    }
}
