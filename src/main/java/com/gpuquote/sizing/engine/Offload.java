package com.gpuquote.sizing.engine;

/** DeepSpeed ZeRO offload to host (CPU) memory. */
public enum Offload {
    NONE,
    /** ZeRO-Offload / ZeRO-Infinity optimizer offload (stage 1 or more): optimizer states and gradients. */
    OPTIMIZER,
    /** Stage 3 only: optimizer states, gradients and parameters. */
    OPTIMIZER_AND_PARAMS
}
