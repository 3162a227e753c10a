package com.gpuquote.sizing.engine;

/**
 * The {@code model} of a sizing request: either a preset id ({@code {"preset":"llama-3-8b"}}) or explicit
 * figures. Every field is nullable because it mirrors the JSON; {@link SizingEngine} validates it.
 * Defaults: {@code kvHeads} = {@code attentionHeads}; {@code largestLayerParameters} = vocabSize × hiddenSize
 * when the vocabulary is known, else 12 × hiddenSize².
 */
public record ModelInput(
        String preset,
        Long parameters,
        Integer layers,
        Integer hiddenSize,
        Integer attentionHeads,
        Integer kvHeads,
        Integer vocabSize,
        Long largestLayerParameters) {

    public static ModelInput preset(String id) {
        return new ModelInput(id, null, null, null, null, null, null, null);
    }

    public static ModelInput explicit(long parameters, int layers, int hiddenSize, int attentionHeads,
                                      Integer kvHeads, Integer vocabSize, Long largestLayerParameters) {
        return new ModelInput(null, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters);
    }

    boolean hasExplicitFields() {
        return parameters != null || layers != null || hiddenSize != null || attentionHeads != null
                || kvHeads != null || vocabSize != null || largestLayerParameters != null;
    }
}
