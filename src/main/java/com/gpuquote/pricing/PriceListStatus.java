package com.gpuquote.pricing;

/**
 * DRAFT (editable, no version) → PUBLISHED (version assigned, window fixed, rows frozen) → ARCHIVED (out of the
 * current view). An archived list that was published keeps answering lookups for its window: history never changes.
 */
public enum PriceListStatus {
    DRAFT,
    PUBLISHED,
    ARCHIVED
}
