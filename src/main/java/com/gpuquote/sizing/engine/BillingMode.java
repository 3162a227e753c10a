package com.gpuquote.sizing.engine;

/** How a price is quoted; the recommender converts every mode to a monthly price. */
public enum BillingMode {
    HOURLY,
    SPOT,
    MONTHLY,
    YEARLY
}
