package com.gpuquote.sizing.engine;

/** Attention kernel, which decides whether the s × s score matrices are kept for the backward pass. */
public enum Attention {
    /** SDPA / FlashAttention (the default in PyTorch, transformers, vLLM): no s × s scores stored. */
    FLASH,
    /** Eager attention: softmax scores (and their FP32 upcast) are stored per head, a·s² values per layer. */
    EAGER
}
