package com.gpuquote.sizing.engine;

/** What kind of network a model is, which decides how activations are sized. */
public enum ModelKind {
    /** Transformer decoder (or encoder) language model: activations from the architecture (per layer, per token). */
    TRANSFORMER,
    /** Image classifier / vision transformer preset: activations per sample from a published measurement. */
    VISION,
    /** Latent diffusion preset: activations per sample from a published measurement; text encoders and VAE frozen. */
    DIFFUSION
}
