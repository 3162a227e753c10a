package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;
import java.time.Instant;

/** One published version's list price of an instance type, for the price history chart. List price only. */
public record PricePoint(String region, BillingMode billingMode, BigDecimal listPrice, PriceListId priceListId,
                         int version, Instant effectiveFrom, Instant effectiveTo) {
}
