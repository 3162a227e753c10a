package com.gpuquote.sizing.engine;

/**
 * A well-known model with the figures of its published {@code config.json}.
 *
 * @param parameters       total parameter count (see {@code parameterSource})
 * @param intermediateSize MLP intermediate size (dense layers)
 * @param tiedEmbeddings   {@code tie_word_embeddings} of the config
 * @param qkvBias          whether q/k/v projections carry biases (Qwen2, GLM-4)
 * @param sourceUrl        the published config.json
 * @param parameterSource  where {@code parameters} comes from
 * @param kind             transformer, vision or diffusion
 * @param headDim          attention head dimension ({@code head_dim}; hidden/heads when the config has none)
 * @param gatedMlp         SwiGLU-style MLP (gate, up, down) rather than two matrices
 * @param experts          routed experts per MoE layer (0: dense)
 * @param expertsPerToken  routed experts a token goes through
 * @param moeIntermediateSize intermediate size of one expert
 * @param sharedExperts    always-active shared experts (DeepSeek)
 * @param kvLoraRank       MLA compressed KV rank (0: no MLA)
 * @param qkRopeHeadDim    MLA decoupled RoPE key dimension
 * @param activeParameters parameters one token passes through (= parameters when dense)
 * @param perSample        VISION / DIFFUSION: published activation memory per sample (null for transformers)
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
        String parameterSource,
        ModelKind kind,
        int headDim,
        boolean gatedMlp,
        int experts,
        int expertsPerToken,
        int moeIntermediateSize,
        int sharedExperts,
        int kvLoraRank,
        int qkRopeHeadDim,
        long activeParameters,
        ModelSpec.PerSample perSample) {

    /** A dense gated-MLP transformer (Llama/Mistral/Qwen2 layout). */
    public ModelPreset(String id, String displayName, long parameters, int layers, int hiddenSize, int attentionHeads,
                       int kvHeads, int vocabSize, int intermediateSize, boolean tiedEmbeddings, boolean qkvBias,
                       String sourceUrl, String parameterSource) {
        this(id, displayName, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize, intermediateSize,
                tiedEmbeddings, qkvBias, sourceUrl, parameterSource, ModelKind.TRANSFORMER, hiddenSize / attentionHeads,
                true, 0, 0, 0, 0, 0, 0, parameters, null);
    }

    /** The largest layer used for ZeRO-3 buffers: the embedding, vocabSize × hiddenSize (or 12·h² without one). */
    public long largestLayerParameters() {
        if (kind != ModelKind.TRANSFORMER) {
            return Math.max(1, parameters / 20); // no vocabulary: a conservative 5 % of the network
        }
        return ModelSpec.defaultLargestLayer(hiddenSize, vocabSize);
    }

    /** True for a mixture-of-experts model. */
    public boolean isMoe() {
        return experts > 0;
    }

    public ModelSpec toSpec() {
        return new ModelSpec(id, kind, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters(), headDim, intermediateSize, gatedMlp, tiedEmbeddings, experts, expertsPerToken,
                moeIntermediateSize, sharedExperts, kvLoraRank, qkRopeHeadDim, activeParameters, perSample);
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

    /**
     * Parameter count of a Qwen3-style decoder with an explicit head dimension and per-head q/k RMSNorms: per layer
     * q (h·a·d), k and v (h·kv·d each), o (a·d·h), two RMSNorms (2h), q/k norms (2d) and either a gated MLP (3·h·I)
     * or {@code experts} gated experts of 3·h·moeI plus the router (h·experts); then embedding, LM head, final norm.
     */
    public static long qwen3Parameters(int hidden, int layers, int heads, int kvHeads, int headDim, int intermediate,
                                       int experts, int moeIntermediate, int vocab, boolean tied) {
        long h = hidden;
        long attn = h * heads * headDim + 2 * h * kvHeads * headDim + (long) heads * headDim * h;
        long mlp = experts > 0 ? (long) experts * 3 * h * moeIntermediate + h * experts : 3 * h * intermediate;
        long perLayer = attn + mlp + 2 * h + 2L * headDim;
        return layers * perLayer + (tied ? 1 : 2) * (long) vocab * h + h;
    }
}
