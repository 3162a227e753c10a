package com.gpuquote.sizing.engine;

/**
 * A model with every figure resolved (preset looked up, defaults applied). {@code presetId} is null for
 * explicit models; {@code vocabSize} is 0 when unknown.
 */
public record ModelSpec(
        String presetId,
        long parameters,
        int layers,
        int hiddenSize,
        int attentionHeads,
        int kvHeads,
        int vocabSize,
        long largestLayerParameters) {

    /** Head dimension d = hiddenSize / attentionHeads. */
    public int headDim() {
        return hiddenSize / attentionHeads;
    }

    /** Default largest layer: vocabSize × hiddenSize (the embedding) when known, else 12 × hiddenSize². */
    public static long defaultLargestLayer(int hiddenSize, int vocabSize) {
        return vocabSize > 0 ? (long) vocabSize * hiddenSize : 12L * hiddenSize * hiddenSize;
    }
}
