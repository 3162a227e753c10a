package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.catalog.Provider;

import java.util.Comparator;
import java.util.Objects;

/** Identity of a price row inside one price list: (provider, instance type, region, billing mode). */
public record PriceKey(Provider provider, String instanceType, String region, BillingMode billingMode)
        implements Comparable<PriceKey> {

    private static final Comparator<PriceKey> ORDER = Comparator.comparing(PriceKey::provider)
            .thenComparing(PriceKey::instanceType)
            .thenComparing(PriceKey::region)
            .thenComparing(PriceKey::billingMode);

    public PriceKey {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(instanceType, "instanceType");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(billingMode, "billingMode");
    }

    @Override
    public int compareTo(PriceKey other) {
        return ORDER.compare(this, other);
    }
}
