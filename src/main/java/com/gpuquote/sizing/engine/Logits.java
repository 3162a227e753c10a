package com.gpuquote.sizing.engine;

/**
 * The loss over the vocabulary in training and LoRA: the logits of every token of the micro-batch and what the loss
 * keeps of them for the backward pass (docs/sizing-model.md, "Logits").
 */
final class Logits {

    private Logits() {
    }

    /** GiB of logits and loss intermediates for {@code tokens} tokens (0 when the vocabulary is unknown). */
    static double trainingGiB(Resolved r, double tokens) {
        ModelSpec m = r.model;
        if (m.vocabSize() <= 0) {
            return 0;
        }
        return tokens * m.vocabSize() * SizingEngine.LOGIT_BYTES / SizingEngine.GIB;
    }
}
