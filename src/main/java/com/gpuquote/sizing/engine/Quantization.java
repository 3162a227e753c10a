package com.gpuquote.sizing.engine;

/**
 * Weight format of a quantised model (docs/sizing-model.md, "Quantised weights"): real bits per weight including
 * the scales and zero points, and whether the token embedding and the LM head stay 16-bit.
 */
public enum Quantization {
    NONE(16, true),
    /** GPTQ, 4-bit, group size 128: FP16 scale and packed 4-bit zero point per group (4 + 16/128 + 4/128). */
    GPTQ_INT4(4 + 16.0 / 128 + 4.0 / 128, true),
    /** AWQ, 4-bit, group size 128: FP16 scale and 4-bit zero point per group, as GPTQ. */
    AWQ_INT4(4 + 16.0 / 128 + 4.0 / 128, true),
    /** bitsandbytes NF4, block size 64 with one FP32 absmax per block (QLoRA paper: 4 + 32/64 bits). */
    NF4(4 + 32.0 / 64, true),
    /** NF4 with double quantisation: 8-bit absmax per 64, FP32 per 256 blocks (QLoRA: 4 + 8/64 + 32/(64·256)). */
    NF4_DOUBLE_QUANT(4 + 8.0 / 64 + 32.0 / (64 * 256), true),
    /** bitsandbytes LLM.int8(): int8 weights with one FP32 scale per output row (negligible per weight). */
    LLM_INT8(8, true),
    /**
     * FP8 E4M3 weights (vLLM / TensorRT-LLM FP8). Block-wise checkpoints (DeepSeek-V3, Qwen3 FP8: weight_block_size
     * 128 × 128) carry one FP32 scale per block, 32/16384 bits per weight; per-tensor or per-channel scales are less.
     */
    FP8(8 + 32.0 / (128 * 128), true),
    /**
     * llama.cpp Q4_K_M: a mix of Q4_K (4.5 bpw) and Q6_K (6.5625 bpw) applied to every tensor including the
     * embedding; the whole file averages 4.84 bits per weight (llama.cpp quantize README, Llama 2 7B).
     */
    GGUF_Q4_K_M(4.84, false),
    /** llama.cpp Q8_0: blocks of 32 int8 weights with one FP16 scale (34 bytes per 32 weights), every tensor. */
    GGUF_Q8_0(8.5, false);

    private final double bitsPerWeight;
    private final boolean embeddingsStay16Bit;

    Quantization(double bitsPerWeight, boolean embeddingsStay16Bit) {
        this.bitsPerWeight = bitsPerWeight;
        this.embeddingsStay16Bit = embeddingsStay16Bit;
    }

    /** Bits per quantised weight, scales included. */
    public double bitsPerWeight() {
        return bitsPerWeight;
    }

    /** Bytes per quantised weight. */
    public double bytesPerWeight() {
        return bitsPerWeight / 8;
    }

    /** True when the token embedding and the LM head are kept in 16 bit (all formats but GGUF). */
    public boolean embeddingsStay16Bit() {
        return embeddingsStay16Bit;
    }

    /**
     * True for bitsandbytes formats (NF4, LLM.int8()), which quantise a 16-bit checkpoint while loading it, so the
     * checkpoint on disk and in the page cache is the 16-bit one; GPTQ, AWQ, FP8 and GGUF checkpoints are stored
     * quantised.
     */
    public boolean quantizedOnLoad() {
        return this == NF4 || this == NF4_DOUBLE_QUANT || this == LLM_INT8;
    }

    /**
     * The format the old {@code precision} values mean (documented in docs/sizing-model.md): INT8 is LLM.int8();
     * INT4 is NF4 for a LoRA base (QLoRA, the only 4-bit base transformers trains on) and AWQ for serving; FP8 is FP8.
     */
    public static Quantization forLegacyPrecision(Precision precision, Workload workload) {
        if (precision == null) {
            return NONE;
        }
        return switch (precision) {
            case INT8 -> LLM_INT8;
            case INT4 -> workload == Workload.LORA_FINE_TUNING ? NF4 : AWQ_INT4;
            case FP8 -> FP8;
            default -> NONE;
        };
    }
}
