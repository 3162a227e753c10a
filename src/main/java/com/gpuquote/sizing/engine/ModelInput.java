package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * The {@code model} of a sizing request: either a preset id ({@code {"preset":"llama-3-8b"}}) or explicit
 * figures. Every field is nullable because it mirrors the JSON; {@link SizingEngine} validates it.
 * Defaults: {@code kvHeads} = {@code attentionHeads}; {@code headDim} = hiddenSize / attentionHeads;
 * {@code largestLayerParameters} = vocabSize × hiddenSize when the vocabulary is known, else 12 × hiddenSize²;
 * {@code tieWordEmbeddings} false; no experts (dense); {@code expertsPerToken} 2 and {@code moeIntermediateSize}
 * = intermediateSize when experts are given; {@code sharedExperts} 0. MLA (DeepSeek-V2/V3) when
 * {@code kvLoraRank} is given ({@code qkRopeHeadDim} default 64). {@code gatedMlp} (default true): a SwiGLU MLP with
 * gate, up and down matrices (Llama, Qwen, Mistral); false for a two-matrix GELU MLP (BERT, GPT-2, ViT).
 */
public record ModelInput(
        @Nullable String preset,
        @Nullable Long parameters,
        @Nullable Integer layers,
        @Nullable Integer hiddenSize,
        @Nullable Integer attentionHeads,
        @Nullable Integer kvHeads,
        @Nullable Integer vocabSize,
        @Nullable Long largestLayerParameters,
        @Nullable Integer intermediateSize,
        @Nullable Boolean tieWordEmbeddings,
        @Nullable Integer headDim,
        @Nullable Integer experts,
        @Nullable Integer expertsPerToken,
        @Nullable Integer moeIntermediateSize,
        @Nullable Integer sharedExperts,
        @Nullable Integer kvLoraRank,
        @Nullable Integer qkRopeHeadDim,
        @Nullable Boolean gatedMlp) {

    /** The figures of issue 5 (no architecture details beyond attention). */
    public ModelInput(@Nullable String preset, @Nullable Long parameters, @Nullable Integer layers, @Nullable Integer hiddenSize, @Nullable Integer attentionHeads,
                      @Nullable Integer kvHeads, @Nullable Integer vocabSize, @Nullable Long largestLayerParameters) {
        this(preset, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize, largestLayerParameters,
                null, null, null, null, null, null, null, null, null, null);
    }

    public static ModelInput preset(String id) {
        return new ModelInput(id, null, null, null, null, null, null, null);
    }

    public static ModelInput explicit(long parameters, int layers, int hiddenSize, int attentionHeads,
                                      Integer kvHeads, Integer vocabSize, Long largestLayerParameters) {
        return new ModelInput(null, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters);
    }

    /** A copy with the gated-MLP intermediate size (and tied embeddings flag). */
    public ModelInput withIntermediateSize(Integer intermediate, Boolean tied) {
        return new ModelInput(preset, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters, intermediate, tied, headDim, experts, expertsPerToken, moeIntermediateSize,
                sharedExperts, kvLoraRank, qkRopeHeadDim, gatedMlp);
    }

    /** A copy with the MLP kind (gated SwiGLU or a two-matrix GELU MLP). */
    public ModelInput withGatedMlp(Boolean gated) {
        return new ModelInput(preset, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters, intermediateSize, tieWordEmbeddings, headDim, experts, expertsPerToken,
                moeIntermediateSize, sharedExperts, kvLoraRank, qkRopeHeadDim, gated);
    }

    /** A copy with mixture-of-experts figures. */
    public ModelInput withExperts(Integer experts, Integer perToken, Integer moeIntermediate, Integer shared) {
        return new ModelInput(preset, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters, intermediateSize, tieWordEmbeddings, headDim, experts, perToken,
                moeIntermediate, shared, kvLoraRank, qkRopeHeadDim, gatedMlp);
    }

    boolean hasExplicitFields() {
        return parameters != null || layers != null || hiddenSize != null || attentionHeads != null
                || kvHeads != null || vocabSize != null || largestLayerParameters != null || intermediateSize != null
                || tieWordEmbeddings != null || headDim != null || experts != null || expertsPerToken != null
                || moeIntermediateSize != null || sharedExperts != null || kvLoraRank != null
                || qkRopeHeadDim != null || gatedMlp != null;
    }
}
