package com.gpuquote.sizing.engine;

/**
 * How the training loss treats the logits over the vocabulary, which decides the bytes each logit holds at the peak
 * of the backward pass (docs/sizing-model.md, "Logits").
 */
public enum LossImplementation {
    /**
     * Hugging Face transformers' causal-LM loss: 16-bit logits (2), their FP32 up-cast (4), the shifted copy the loss
     * takes (4), the FP32 log-softmax kept for backward (4) and the FP32 gradient of the up-cast logits (4): 18 bytes.
     */
    FP32_UPCAST,
    /**
     * A loss on the 16-bit logits without up-cast (LitGPT, remote-code models such as Qwen 1 on transformers 4.3x):
     * 16-bit logits, shifted copy, log-softmax and gradient, with FP32 reductions: 10 bytes.
     */
    SIXTEEN_BIT,
    /**
     * Fused linear + cross-entropy (Liger kernel, Unsloth, Cut Cross-Entropy): the logits exist for one chunk of
     * tokens at a time and the gradient is written in place; see {@link Logits}.
     */
    FUSED_CHUNKED;

    /** Bytes per materialised logit at the backward peak (for FUSED_CHUNKED: per logit of one chunk). */
    public double bytesPerLogit() {
        return switch (this) {
            case FP32_UPCAST -> 18;
            case SIXTEEN_BIT -> 10;
            case FUSED_CHUNKED -> 6;
        };
    }
}
