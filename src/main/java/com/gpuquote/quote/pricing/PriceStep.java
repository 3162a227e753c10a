package com.gpuquote.quote.pricing;

/** The steps of the price waterfall, in order. */
public enum PriceStep {
    LIST,
    AGREEMENT,
    VOLUME,
    TERM,
    MANUAL
}
