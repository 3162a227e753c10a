package com.gpuquote.sizing.engine;

/**
 * The loss over the vocabulary in training and LoRA: the logits of every token of the micro-batch and what the loss
 * keeps of them for the backward pass (docs/sizing-model.md, "Logits"), by {@link LossImplementation}.
 */
final class Logits {

    private Logits() {
    }

    /** GiB of logits and loss intermediates for {@code tokens} tokens (0 when the vocabulary is unknown). */
    static double trainingGiB(Resolved r, double tokens) {
        ModelSpec m = r.model;
        if (m.vocabSize() <= 0 || tokens <= 0) {
            return 0;
        }
        double vocab = m.vocabSize();
        if (r.loss == LossImplementation.FUSED_CHUNKED) {
            double chunk = fusedChunkTokens(tokens, vocab, m.hiddenSize());
            // one chunk's 16-bit logits and FP32 softmax, plus the 16-bit gradient of the hidden states of every token
            // that the fused kernel allocates up front
            return (chunk * vocab * LossImplementation.FUSED_CHUNKED.bytesPerLogit()
                    + tokens * m.hiddenSize() * 2.0) / SizingEngine.GIB;
        }
        return tokens * vocab * r.loss.bytesPerLogit() / SizingEngine.GIB;
    }

    /**
     * Tokens per chunk of the fused linear cross-entropy: the Liger kernel takes the next power of two of
     * tokens / ceil(vocab / hidden), so one chunk's logits are about as large as the hidden states.
     */
    static double fusedChunkTokens(double tokens, double vocab, int hidden) {
        double factor = Math.ceil(vocab / Math.max(1, hidden));
        double chunk = Math.ceil(tokens / factor);
        double pow2 = Math.pow(2, Math.ceil(Math.log(chunk) / Math.log(2)));
        return Math.min(tokens, Math.max(1, pow2));
    }
}
