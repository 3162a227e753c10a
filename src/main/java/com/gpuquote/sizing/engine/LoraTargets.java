package com.gpuquote.sizing.engine;

/** Which linear layers carry LoRA adapters. */
public enum LoraTargets {
    /** q, k, v, o, gate, up, down (PEFT {@code target_modules="all-linear"}, the QLoRA paper's practice). */
    ALL_LINEAR,
    /** q, k, v, o only. */
    ATTENTION
}
