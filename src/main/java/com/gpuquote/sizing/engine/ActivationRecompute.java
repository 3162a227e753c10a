package com.gpuquote.sizing.engine;

/** Activation recomputation (checkpointing), after Korthikanti et al. 2022. */
public enum ActivationRecompute {
    NONE,
    SELECTIVE,
    FULL
}
