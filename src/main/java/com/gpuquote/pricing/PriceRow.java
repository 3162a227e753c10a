package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.Provider;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * One row of a price list: unit prices (NUMERIC(19,4)) per hour for HOURLY/SPOT, per month, per year.
 * {@code costPrice} is confidential (TENANT_ADMIN only).
 */
public record PriceRow(
        Provider provider,
        String region,
        String instanceType,
        BillingMode billingMode,
        BigDecimal listPrice,
        BigDecimal costPrice,
        String currency) {

    public PriceRow {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(instanceType, "instanceType");
        Objects.requireNonNull(billingMode, "billingMode");
        requireNonNegative(listPrice, "listPrice");
        requireNonNegative(costPrice, "costPrice");
        Objects.requireNonNull(currency, "currency");
    }

    public PriceKey key() {
        return new PriceKey(provider, instanceType, region, billingMode);
    }

    private static void requireNonNegative(BigDecimal value, String name) {
        if (value == null || value.signum() < 0) {
            throw new IllegalArgumentException(name + " must be >= 0 but was " + value);
        }
    }
}
