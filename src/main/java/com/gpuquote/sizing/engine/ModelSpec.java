package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * A model with every figure resolved (preset looked up, defaults applied). {@code presetId} is null for
 * explicit models; {@code vocabSize} and {@code intermediateSize} are 0 when unknown; {@code experts} is 0 for a
 * dense model; {@code gatedMlp} is true for SwiGLU/GeGLU MLPs (three matrices); {@code kvLoraRank} is 0 without MLA. {@code activeParameters} are the parameters one token passes
 * through (= parameters for a dense model). {@code perSample} is set for VISION and DIFFUSION presets only.
 */
public record ModelSpec(
        @Nullable String presetId,
        ModelKind kind,
        long parameters,
        int layers,
        int hiddenSize,
        int attentionHeads,
        int kvHeads,
        int vocabSize,
        long largestLayerParameters,
        int headDim,
        int intermediateSize,
        boolean gatedMlp,
        boolean tiedEmbeddings,
        int experts,
        int expertsPerToken,
        int moeIntermediateSize,
        int sharedExperts,
        int kvLoraRank,
        int qkRopeHeadDim,
        long activeParameters,
        PerSample perSample) {

    /**
     * Published activation memory of one sample at a reference resolution (VISION / DIFFUSION presets), the frozen
     * parameters (diffusion text encoders and VAE) and the LoRA parameters per unit of rank.
     *
     * @param referenceResolution   image side in pixels the measurement was taken at
     * @param activationGiBPerSample activation memory per sample at that resolution (16-bit mixed precision)
     * @param trainableParameters    parameters a full fine-tune trains (the UNet for diffusion; all for vision)
     * @param loraParametersPerRank  LoRA parameters per rank on the attention projections
     * @param source                 where the activation figure comes from
     * @param tokensAtReference      tokens per image of a vision transformer at the reference (0 for CNNs, UNets)
     */
    public record PerSample(int referenceResolution, double activationGiBPerSample, long trainableParameters,
                            long loraParametersPerRank, String source, int tokensAtReference) {
    }

    /** The issue-5 constructor: a dense transformer with no intermediate size known. */
    public ModelSpec(String presetId, long parameters, int layers, int hiddenSize, int attentionHeads, int kvHeads,
                     int vocabSize, long largestLayerParameters) {
        this(presetId, ModelKind.TRANSFORMER, parameters, layers, hiddenSize, attentionHeads, kvHeads, vocabSize,
                largestLayerParameters, attentionHeads > 0 ? hiddenSize / attentionHeads : 0, 0, true, false, 0, 0, 0, 0, 0,
                0, parameters, null);
    }

    /** True for a mixture-of-experts model. */
    public boolean isMoe() {
        return experts > 0;
    }

    /** True for multi-head latent attention (DeepSeek-V2/V3): the KV cache holds one compressed latent per token. */
    public boolean isMla() {
        return kvLoraRank > 0;
    }

    /** Parameters of the token embedding and (unless tied) the LM head: V·h·(1 or 2). */
    public long embeddingParameters() {
        return (long) vocabSize * hiddenSize * (tiedEmbeddings ? 1 : 2);
    }

    /** Default largest layer: vocabSize × hiddenSize (the embedding) when known, else 12 × hiddenSize². */
    public static long defaultLargestLayer(int hiddenSize, int vocabSize) {
        return vocabSize > 0 ? (long) vocabSize * hiddenSize : 12L * hiddenSize * hiddenSize;
    }

    /**
     * Parameters a token does not pass through in a MoE model: (experts − expertsPerToken) gated experts of
     * 3·h·moeIntermediate per layer (every layer counted as a MoE layer).
     */
    public static long inactiveExpertParameters(int layers, int hidden, int experts, int perToken, int moeIntermediate) {
        if (experts <= 0) {
            return 0;
        }
        return (long) layers * Math.max(0, experts - perToken) * 3L * hidden * moeIntermediate;
    }
}
