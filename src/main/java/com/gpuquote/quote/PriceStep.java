package com.gpuquote.quote;

/** The steps of the price waterfall, in order. */
public enum PriceStep {
    LIST,
    AGREEMENT,
    VOLUME,
    TERM,
    MANUAL
}
