package com.gpuquote.quote.pricing;

import java.math.BigDecimal;
import com.gpuquote.quote.QuoteLineId;
import org.jspecify.annotations.Nullable;

/**
 * Admin-only margin of one line: cost unit price, the floor unit price (cost − rebate per unit) × (1 + floor)
 * (rounded to 4 for display; the below-floor check uses the exact value), cost over the term, the reseller
 * rebate (返点) over the term (list term amount × rebate%, 0.00 without a rebate), margin = net term − cost term +
 * rebate, margin percent of the net term amount (scale 2; null when the term amount is 0).
 */
public record LineMargin(QuoteLineId lineId, BigDecimal costUnitPrice, BigDecimal floorUnitPrice, BigDecimal costTermAmount,
                         BigDecimal marginAmount, @Nullable BigDecimal marginPercent,
                         @Nullable BigDecimal rebateTermAmount) {

    public LineMargin(QuoteLineId lineId, BigDecimal costUnitPrice, BigDecimal floorUnitPrice, BigDecimal costTermAmount,
                      BigDecimal marginAmount, @Nullable BigDecimal marginPercent) {
        this(lineId, costUnitPrice, floorUnitPrice, costTermAmount, marginAmount, marginPercent, null);
    }
}
