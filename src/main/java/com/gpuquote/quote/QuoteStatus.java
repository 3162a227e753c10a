package com.gpuquote.quote;

import java.time.LocalDate;

/** Lifecycle of one quote version; moves only through the methods of {@link Quote}. */
public enum QuoteStatus {
    DRAFT,
    PENDING_APPROVAL,
    APPROVED,
    SENT,
    VIEWED,
    ACCEPTED,
    REJECTED,
    EXPIRED,
    SUPERSEDED;

    /**
     * The status as read on {@code today}: a quote still open at the customer (SENT / VIEWED) past its validity reads
     * as EXPIRED before the hourly job records it. The one rule; its SQL twin is {@code gq_quote_effective_status}
     * (V51), used by every query that filters or counts by status.
     */
    public QuoteStatus effectiveOn(LocalDate validUntil, LocalDate today) {
        return (this == SENT || this == VIEWED) && today.isAfter(validUntil) ? EXPIRED : this;
    }
}
