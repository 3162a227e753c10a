package com.gpuquote.sizing.engine;

/**
 * Optimizer and its state bytes per trainable parameter (K): with FP16/BF16 mixed precision the
 * FP32 master copy is included (ZeRO paper, K = 12 for Adam); in pure FP32 it is not.
 */
public enum Optimizer {
    ADAMW(12, 8),
    ADAMW_8BIT(6, 2),
    SGD_MOMENTUM(8, 4);

    private final double mixedPrecisionK;
    private final double fp32K;

    Optimizer(double mixedPrecisionK, double fp32K) {
        this.mixedPrecisionK = mixedPrecisionK;
        this.fp32K = fp32K;
    }

    /** Optimizer state bytes per trainable parameter. */
    public double stateBytes(boolean fp32) {
        return fp32 ? fp32K : mixedPrecisionK;
    }
}
