package com.gpuquote.pricing.agreement;

/** Kinds of negotiated pricing rules (stored as text in the database). */
public enum RuleType {
    FIXED_PRICE,
    PERCENT_OFF,
    VOLUME_TIER,
    TERM
}
