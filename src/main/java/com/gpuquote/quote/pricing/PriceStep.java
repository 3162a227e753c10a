package com.gpuquote.quote.pricing;

/** The steps of the price waterfall, in order. */
public enum PriceStep {
    LIST,
    AGREEMENT,
    VOLUME,
    TERM,
    MANUAL,
    /** Issue 39: a renewal line's contracted net unit price, a ceiling after MANUAL (only on lines that carry one). */
    CONTRACT
}
