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

    /*
     * Written out rather than the record's generated equals/hashCode: those go through method handles that the JIT
     * did not inline here, and a quote's pricing looks up ~600 keys (100 lines, priced once and for each billing mode
     * of the comparison): 15-20 % of the application's CPU per quote create in a JFR profile (issue 18).
     */
    @Override
    public boolean equals(Object o) {
        return this == o || (o instanceof PriceKey k && provider == k.provider && billingMode == k.billingMode
                && instanceType.equals(k.instanceType) && region.equals(k.region));
    }

    @Override
    public int hashCode() {
        return ((provider.hashCode() * 31 + instanceType.hashCode()) * 31 + region.hashCode()) * 31
                + billingMode.hashCode();
    }

    @Override
    public int compareTo(PriceKey other) {
        return ORDER.compare(this, other);
    }
}
