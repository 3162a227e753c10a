package com.gpuquote.pricing.agreement;

/**
 * What a {@code PERCENT_OFF} rule applies to. Declared from most to least specific; when several
 * PERCENT_OFF rules match a line, the one with the most specific scope wins.
 */
public enum PercentScope {
    INSTANCE_TYPE,
    FAMILY,
    GPU_MODEL,
    BILLING_MODE,
    ALL;

    /** Higher is more specific. */
    public int specificity() {
        return values().length - ordinal();
    }
}
