package com.gpuquote.pricing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.catalog.Provider;
import com.gpuquote.security.UserId;

import java.time.Instant;

/**
 * A price list's header. No prices here, so it is safe for every role.
 *
 * @param version       1, 2, 3 … per (tenant, provider) in publish order; null for a draft (and a discarded draft)
 * @param effectiveFrom a draft's planned start (may be null); a published list's start, inclusive
 * @param effectiveTo   end of the window, exclusive; null = open ended
 * @param rowVersion    optimistic lock: changes with every change of the list or its rows
 * @param rowCount      number of rows
 */
public record PriceList(
        PriceListId id,
        String name,
        Provider provider,
        String currency,
        @Nullable Integer version,
        PriceListStatus status,
        @Nullable Instant effectiveFrom,
        @Nullable Instant effectiveTo,
        boolean sample,
        UserId createdBy,
        Instant createdAt,
        Instant publishedAt,
        UserId publishedBy,
        int rowVersion,
        int rowCount) {

    public boolean isDraft() {
        return status == PriceListStatus.DRAFT;
    }

    /** True when the list was published at some point (PUBLISHED, or ARCHIVED after publishing). */
    public boolean wasPublished() {
        return publishedAt != null;
    }

    /** True when the list's window holds the instant (never for drafts). */
    public boolean inForceAt(Instant at) {
        return wasPublished() && !effectiveFrom.isAfter(at) && (effectiveTo == null || effectiveTo.isAfter(at));
    }

    public boolean scheduledAfter(Instant at) {
        return wasPublished() && effectiveFrom.isAfter(at);
    }
}
