package com.gpuquote.sizing.engine;

/**
 * A well-known model with the figures of its published {@code config.json}.
 *
 * @param parameters       total parameter count (see {@code parameterSource})
 * @param intermediateSize MLP intermediate size (used only to cross-check {@code parameters})
 * @param tiedEmbeddings   {@code tie_word_embeddings} of the config
 * @param qkvBias          whether q/k/v projections carry biases (Qwen2 architecture)
 * @param sourceUrl        the published config.json
 * @param parameterSource  where {@code parameters} comes from
 */
public record ModelPreset(
        String id,
        String displayName,
        long parameters,
        int layers,
        int hiddenSize,
        int attentionHeads,
        int kvHeads,
        int vocabSize,
        int intermediateSize,
        boolean tiedEmbeddings,
        boolean qkvBias,
        String sourceUrl,
        String parameterSource) {

    /** The largest layer used for ZeRO-3 buffers: the embedding, vocabSize × hiddenSize. */
    public long largestLayerParameters() {
        return ModelSpec.defaultLargestLayer(hiddenSize, vocabSize);
    }

    public ModelSpec toSpec() {
        return new ModelSpec(id, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters());
    }

    /**
     * Standard parameter count of a dense decoder (Llama/Mistral/Qwen2 layout): per layer q (h·h), k and v
     * (h·kv·d each), o (h·h), gated MLP (3·h·I), two RMSNorms (2·h), plus q/k/v biases when present; then the
     * embedding (V·h), the LM head (V·h unless tied) and the final norm (h).
     */
    public static long denseDecoderParameters(int hidden, int layers, int heads, int kvHeads, int intermediate,
                                              int vocab, boolean tied, boolean qkvBias) {
        long h = hidden;
        long kvDim = (long) kvHeads * (hidden / heads);
        long perLayer = h * h + 2 * h * kvDim + h * h + 3 * h * intermediate + 2 * h;
        if (qkvBias) {
            perLayer += h + 2 * kvDim;
        }
        return layers * perLayer + (tied ? 1 : 2) * (long) vocab * h + h;
    }
}
