package com.gpuquote.sizing.engine;

/**
 * How 16-bit training keeps its states (docs/sizing-model.md, "Model states"). With {@code precision} FP32 and no
 * trainingMode given, training is pure FP32 (4-byte weights and gradients, no master copy); FP32 with AMP given
 * explicitly is torch.autocast over FP32 weights (HF Trainer {@code fp16/bf16=True} without DeepSpeed): FP32 weights
 * plus their cached 16-bit copies, FP32 gradients and states, 16-bit activations.
 */
public enum TrainingMode {
    /**
     * Mixed precision as DeepSpeed and the Hugging Face Trainer allocate it: 16-bit weights, FP32 master weights,
     * FP32 gradients, FP32 optimizer states (AdamW: 2 + 4 + 4 + 8 = 18 bytes per trainable parameter).
     */
    AMP,
    /** Pure BF16 (FSDP / torchtune default): weights, gradients and optimizer states in BF16, no FP32 copies. */
    PURE_BF16,
    /**
     * Transformer-Engine style FP8 matmuls: BF16 master weights and gradients plus an FP8 copy of each weight;
     * linear-layer inputs saved in FP8. Needs a GPU with FP8 tensor cores (Ada, Hopper, Blackwell).
     */
    FP8,
    /**
     * The ZeRO paper's accounting (Rajbhandari et al., section 3): mixed precision with 16-bit gradients
     * (2 + 2 + 12 = 16 bytes per parameter with Adam), as Megatron-LM without FP32 gradient accumulation keeps them.
     */
    AMP_16BIT_GRADIENTS
}
