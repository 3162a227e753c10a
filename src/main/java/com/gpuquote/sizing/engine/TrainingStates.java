package com.gpuquote.sizing.engine;

/**
 * Model states of training and LoRA per GPU: bytes per trainable parameter by training mode, ZeRO partitioning and
 * offload, the frozen base of LoRA, and the adapter parameter count (docs/sizing-model.md, "Training").
 */
final class TrainingStates {

    private TrainingStates() {
    }

    /** Bytes per trainable parameter of weights, gradients and optimizer (master copy included), see TrainingMode. */
    static double[] stateBytes(Resolved r, int hidden) {
        Optimizer o = r.optimizer;
        if (Activations.isAutocast(r)) {
            // FP32 parameters plus the 16-bit copies autocast caches for the step (HF: "6 bytes"), FP32 gradients,
            // FP32 optimizer states and no separate master copy: 6 + 4 + 8 = 18 bytes with AdamW
            return new double[] {6, 4, o.stateBytes(4, hidden)};
        }
        if (r.precision == Precision.FP32) {
            return new double[] {4, 4, o.stateBytes(4, hidden)};
        }
        return switch (r.trainingMode) {
            case AMP -> new double[] {2, 4, 4 + o.stateBytes(4, hidden)};
            case AMP_16BIT_GRADIENTS -> new double[] {2, 2, 4 + o.stateBytes(4, hidden)};
            case PURE_BF16 -> new double[] {2, 2, o.stateBytes(2, hidden)};
            case FP8 -> new double[] {3, 2, o.stateBytes(2, hidden)};
        };
    }

    /** Weights, gradients, optimizer states, ZeRO-3 buffers and activations of TRAINING / LORA_FINE_TUNING per GPU. */
    static void fill(Resolved r, int n, Breakdown b) {
        ModelSpec m = r.model;
        boolean lora = r.workload == Workload.LORA_FINE_TUNING;
        double[] bytes = kbitAdapters(r) ? new double[] {4, 4, r.optimizer.stateBytes(4, m.hiddenSize())}
                : stateBytes(r, m.hiddenSize());
        double pt = r.trainableParameters;
        double p = m.parameters();
        int zero = r.zeroStage;
        Offload off = r.offload;

        double weights = bytes[0] * pt;
        double grads = bytes[1] * pt;
        double opt = bytes[2] * pt;
        double frozen;
        if (lora) {
            frozen = frozenBaseBytes(r, m);
        } else if (m.perSample() != null) {
            frozen = (p - pt) * 2; // diffusion: text encoders and VAE stay frozen in 16-bit
        } else {
            frozen = 0;
        }
        if (zero >= 1) {
            opt /= n;
        }
        if (zero >= 2) {
            grads /= n;
        }
        if (zero == 3) {
            weights /= n;
            frozen /= n;
            b.buffers = 4.0 * m.largestLayerParameters() / SizingEngine.GIB;
        }
        if (off != Offload.NONE) {
            opt = 0;
            grads = 0;
            if (off == Offload.OPTIMIZER_AND_PARAMS) {
                weights = 0;
                frozen = 0;
            }
        }
        b.weights = (weights + frozen) / SizingEngine.GIB;
        b.gradients = grads / SizingEngine.GIB;
        b.optimizer = opt / SizingEngine.GIB;
        Activations.fill(r, b);
        b.overhead = SizingEngine.TRAINING_OVERHEAD_GIB;
        b.zeroBuckets = ZeroBuckets.gib(r);
        b.zeroStep = ZeroStep.gib(r, n, b);
    }

    /**
     * LoRA on a bitsandbytes base prepared by PEFT's prepare_model_for_kbit_training (the default path of the HF
     * Trainer, LLaMA-Factory and Unsloth): PEFT keeps the adapters in FP32 (4-byte weights and gradients, FP32
     * optimizer states, no separate master copy) unless a training mode is given explicitly.
     */
    static boolean kbitAdapters(Resolved r) {
        return r.workload == Workload.LORA_FINE_TUNING && r.quantization.quantizedOnLoad() && !r.trainingModeGiven
                && (r.framework == null || r.framework.peftKbitPreparation());
    }

    /**
     * prepare_model_for_kbit_training casts every parameter bitsandbytes did not quantise, the token embedding and
     * the LM head above all, to FP32: 4 bytes instead of 2 for those kept out of the quantised format.
     */
    static double kbitBaseBytes(ModelSpec m, Quantization q) {
        double p = m.parameters();
        double kept = Math.min(p, (double) m.embeddingParameters());
        return kept * 4 + (p - kept) * q.bytesPerWeight();
    }

    /** Frozen LoRA base bytes that OPTIMIZER_AND_PARAMS offload moves to the host (0 for full training). */
    static double frozenBaseBytes(Resolved r, ModelSpec m) {
        if (r.workload != Workload.LORA_FINE_TUNING) {
            return 0;
        }
        return kbitAdapters(r) ? kbitBaseBytes(m, r.quantization)
                : InferenceMemory.weightBytes(m, r.quantization, r.computeBytes);
    }

    /**
     * LoRA parameters: an adapter on a d_in × d_out matrix has r·(d_in + d_out) parameters. Attention q (h → a·d),
     * k and v (h → kv·d), o (a·d → h); MLA: q_a, q_b, kv_a, kv_b, o; MLP gate, up, down (h ↔ I), or every expert's
     * three matrices (and the shared experts') in a MoE layer; two matrices for a non-gated MLP.
     */
    static long loraParameters(ModelSpec m, int rank, LoraTargets targets) {
        long h = m.hiddenSize();
        long qDim = (long) m.attentionHeads() * m.headDim();
        long attention;
        if (m.isMla()) {
            long qLora = 1536; // DeepSeek-V2/V3 q_lora_rank
            long vDim = (long) m.attentionHeads() * 128;
            attention = (h + qLora) + (qLora + qDim) + (h + m.kvLoraRank() + m.qkRopeHeadDim())
                    + (m.kvLoraRank() + (long) m.attentionHeads() * (m.headDim() - m.qkRopeHeadDim() + 128))
                    + (vDim + h);
        } else {
            long kvDim = (long) m.kvHeads() * m.headDim();
            attention = 4 * h + 2 * qDim + 2 * kvDim;
        }
        long mlp = 0;
        if (targets == LoraTargets.ALL_LINEAR) {
            if (m.isMoe()) {
                mlp = (long) (m.experts() + m.sharedExperts()) * 3 * (h + m.moeIntermediateSize());
            } else if (m.intermediateSize() > 0) {
                mlp = (m.gatedMlp() ? 3L : 2L) * (h + m.intermediateSize());
            }
        }
        return (long) m.layers() * rank * (attention + mlp);
    }
}
