package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.Provider;

import java.math.BigDecimal;

/** A price list row as a consultant may see it: the list price only. There is deliberately no cost field. */
public record ListPriceRow(Provider provider, String region, String instanceType, BillingMode billingMode,
                           BigDecimal listPrice, String currency) {

    public static ListPriceRow of(PriceRow row) {
        return new ListPriceRow(row.provider(), row.region(), row.instanceType(), row.billingMode(), row.listPrice(),
                row.currency());
    }

    public PriceKey key() {
        return new PriceKey(provider, instanceType, region, billingMode);
    }
}
