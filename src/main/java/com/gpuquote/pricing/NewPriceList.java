package com.gpuquote.pricing;

import com.gpuquote.catalog.Provider;

import java.time.Instant;

/**
 * A new draft.
 *
 * @param effectiveFrom planned start (optional; the default of publish)
 * @param copyInForce   copy the rows of the provider's list in force now (ignored when {@code copyFrom} is set)
 * @param copyFrom      copy the rows of this list of the same tenant and provider (any status)
 */
public record NewPriceList(String name, Provider provider, Instant effectiveFrom, boolean copyInForce,
                           PriceListId copyFrom) {

    public static NewPriceList empty(String name, Provider provider, Instant effectiveFrom) {
        return new NewPriceList(name, provider, effectiveFrom, false, null);
    }

    public static NewPriceList copyOfInForce(String name, Provider provider, Instant effectiveFrom) {
        return new NewPriceList(name, provider, effectiveFrom, true, null);
    }

    public static NewPriceList copyOf(String name, Provider provider, Instant effectiveFrom, PriceListId source) {
        return new NewPriceList(name, provider, effectiveFrom, false, source);
    }
}
