package com.gpuquote.sizing.engine;

/** Where an instance's RAM:VRAM ratio lies relative to the policy band. */
public enum RatioStatus {
    BELOW,
    WITHIN,
    ABOVE
}
