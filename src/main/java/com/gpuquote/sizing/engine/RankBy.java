package com.gpuquote.sizing.engine;

/** What the recommendations are ordered by. */
public enum RankBy {
    /** The monthly price of the plan (the default, and the order before issue 15). */
    MONTHLY_PRICE,
    /** Serving cost per million output tokens at the plan's net prices (INFERENCE only; {@link ServingModel}). */
    COST_PER_MILLION_TOKENS,
    /** What the whole training job costs at the plan's prices. */
    JOB_COST,
    /** How long the training job runs. */
    TIME_TO_RESULT
}
