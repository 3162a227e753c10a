package com.gpuquote.sizing.engine;

/**
 * Optimizer and the bytes of its own state per trainable parameter, without any master copy of the weights
 * (docs/sizing-model.md, "Model states"): AdamW keeps two moments, 8-bit AdamW two 1-byte moments (bitsandbytes,
 * block-wise quantised; the per-block scales are below 0.1 %), SGD with momentum one buffer, Adafactor factored
 * second moments (one row and one column vector per matrix, no first moment by default).
 */
public enum Optimizer {
    ADAMW,
    ADAMW_8BIT,
    /** bitsandbytes paged 8-bit AdamW: same bytes, in unified memory the driver may page to the host under pressure. */
    PAGED_ADAMW_8BIT,
    SGD_MOMENTUM,
    ADAFACTOR;

    /**
     * State bytes per trainable parameter when states are kept in {@code stateBytes}-byte floats (4 for FP32 states,
     * 2 for pure BF16). Adafactor's factored moments are 4·(rows + cols) bytes per rows × cols matrix, i.e.
     * 4·2/h per parameter for square-ish h-wide matrices ({@code hidden}).
     */
    public double stateBytes(double stateBytes, int hidden) {
        return switch (this) {
            case ADAMW -> 2 * stateBytes;
            case ADAMW_8BIT, PAGED_ADAMW_8BIT -> 2;
            case SGD_MOMENTUM -> stateBytes;
            case ADAFACTOR -> hidden > 0 ? 2.0 * stateBytes / hidden : 0;
        };
    }

    /** The historical per-parameter K of the ZeRO paper (master copy included): 12, 6, 8 … in mixed precision. */
    public double stateBytes(boolean fp32) {
        return fp32 ? stateBytes(4, 0) : 4 + stateBytes(4, 0);
    }
}
