package com.gpuquote.pricing;

import com.gpuquote.catalog.Provider;

import java.time.Instant;

/**
 * One publication of a price list and how many rows it changed against the previous version of the same provider
 * (version − 1): rows added, removed, and changed (list or cost price differs). The first version counts every row
 * as added. Counts only, no prices.
 */
public record PriceListChange(PriceListId id, String name, Provider provider, int version, Instant publishedAt,
                              Instant effectiveFrom, int rows, int added, int removed, int changed) {

    /** Rows that differ from the previous version in any way. */
    public int changedRows() {
        return added + removed + changed;
    }
}
