package com.gpuquote.sizing.engine;

/**
 * How a model's Hugging Face code runs the prefill of a long prompt under {@code generate}, which decides the
 * transient peak (docs/sizing-model.md, "HF generate prefill"): transformers' own decoders (Llama, Qwen2/3, Mistral,
 * Mixtral, DeepSeek) free each layer's MLP intermediates and compute the logits of the last token only; GLM-4's
 * remote code holds about 2.4 times as much per prompt token (measured, THUDM GLM-4 basic_demo table). A model whose
 * code is unknown is sized at the larger bound.
 */
enum PrefillFamily {
    TRANSFORMERS_NATIVE(1.0),
    GLM_REMOTE_CODE(2.4),
    UNKNOWN(2.4);

    private final double factor;

    PrefillFamily(double factor) {
        this.factor = factor;
    }

    /** Multiple of the transformers-native per-token prefill transient. */
    double factor() {
        return factor;
    }

    static PrefillFamily of(ModelSpec m) {
        String id = m.presetId();
        if (id == null) {
            return UNKNOWN;
        }
        return id.startsWith("glm-4") ? GLM_REMOTE_CODE : TRANSFORMERS_NATIVE;
    }
}
