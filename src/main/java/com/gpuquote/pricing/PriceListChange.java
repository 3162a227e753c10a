package com.gpuquote.pricing;

import com.gpuquote.catalog.Provider;

import java.time.Instant;

/**
 * One publication of a price list and how many rows it changed against the list it replaced (issue 39): the same
 * provider's published list in force just before it starts, which is not always version − 1 (a list published to
 * start before one already scheduled replaces the one in force, and the scheduled one then replaces it). Rows added,
 * removed, and changed (list or cost price differs). A list that replaced none counts every row as added. Counts
 * only, no prices.
 */
public record PriceListChange(PriceListId id, String name, Provider provider, int version, Instant publishedAt,
                              Instant effectiveFrom, int rows, int added, int removed, int changed) {

    /** Rows that differ from the previous version in any way. */
    public int changedRows() {
        return added + removed + changed;
    }
}
