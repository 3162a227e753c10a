package com.gpuquote.quote.pricing;

/** Whether an option can be priced in a billing mode for the comparison table. */
public enum ModeAvailability {
    AVAILABLE,
    /** Some line's (instanceType, region) has no price in that mode. */
    NO_PRICE,
    /** YEARLY only: some line's term is not a multiple of 12. */
    TERM_NOT_WHOLE_YEARS
}
