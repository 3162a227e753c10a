package com.gpuquote.quote.pricing;

import java.math.BigDecimal;
import com.gpuquote.quote.QuoteLineId;
import org.jspecify.annotations.Nullable;

/**
 * Admin-only margin of one line: cost unit price, the floor unit price (cost − rebate per unit) / (1 − floor)
 * (rounded up to 4 decimals, {@code Margin.floorPrice}), cost over the term, the reseller rebate (返点) over the
 * term (list term amount × rebate%, 0.00 without a rebate), margin = net term − (cost term − rebate, never below
 * 0), margin percent on price (of the net term amount, scale 2; null when the term amount is not positive).
 */
public record LineMargin(QuoteLineId lineId, BigDecimal costUnitPrice, BigDecimal floorUnitPrice, BigDecimal costTermAmount,
                         BigDecimal marginAmount, @Nullable BigDecimal marginPercent,
                         @Nullable BigDecimal rebateTermAmount) {

    public LineMargin(QuoteLineId lineId, BigDecimal costUnitPrice, BigDecimal floorUnitPrice, BigDecimal costTermAmount,
                      BigDecimal marginAmount, @Nullable BigDecimal marginPercent) {
        this(lineId, costUnitPrice, floorUnitPrice, costTermAmount, marginAmount, marginPercent, null);
    }
}
