package com.gpuquote.quote;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * Admin-only margin of one line: cost unit price, the floor unit price cost × (1 + floor) (rounded to 4 for
 * display; the below-floor check uses the exact value), cost and margin over the term, margin percent of the
 * net term amount (scale 2; null when the term amount is 0).
 */
public record LineMargin(UUID lineId, BigDecimal costUnitPrice, BigDecimal floorUnitPrice, BigDecimal costTermAmount,
                         BigDecimal marginAmount, BigDecimal marginPercent) {
}
