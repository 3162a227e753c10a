package com.gpuquote.quote;

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
    SUPERSEDED
}
