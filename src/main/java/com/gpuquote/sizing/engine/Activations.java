package com.gpuquote.sizing.engine;

/**
 * Activation memory of training and LoRA: bytes each token stores per layer for the backward pass, the working set
 * of a recomputed layer, and (via {@link Logits}) the loss over the vocabulary (docs/sizing-model.md, "Activations").
 */
final class Activations {

    private Activations() {
    }

    /** Activation factor f of Korthikanti et al.: bytes per (layer · token · hidden) in 16-bit (GPT block). */
    static double activationFactor(ActivationRecompute recompute, int heads, int seq, int hidden) {
        return switch (recompute) {
            case NONE -> 34.0 + 5.0 * heads * (double) seq / hidden;
            case SELECTIVE -> 34.0;
            case FULL -> 2.0;
        };
    }

    /**
     * Bytes one token stores in one layer for the backward pass, 16-bit activations (docs/sizing-model.md,
     * "Activations"). Without an intermediate size the GPT block of Korthikanti et al. (34·h, eager adds 5·a·s).
     * Otherwise counted tensor by tensor: each RMSNorm keeps its FP32 input and 16-bit output (6h; LayerNorm 2h);
     * attention keeps its input (2h), Q (2·a·d), K and V (2·kv·d each), the output (2·a·d) and the FP32
     * log-sum-exp (4a); eager attention adds the FP32 softmax and its 16-bit copy (6·a·s); a gated MLP keeps its
     * input, gate, up, activation and product (2h + 8I), a GELU MLP 2h + 4I; a MoE layer keeps each routed copy
     * of the token (k·(2h + 8·I_e)), shared experts (8·I_e each) and the FP32 router logits (4·E).
     * FP8 training keeps the linear layers' inputs in FP8 (one byte instead of two for 2h + 2h + 2·a·d + 2I).
     * {@code autocast}: FP32 weights under torch.autocast (precision FP32 with trainingMode AMP).
     */
    static double bytesPerTokenLayer(ModelSpec m, Attention attention, int seq, boolean fp8, boolean autocast) {
        double h = m.hiddenSize();
        double a = m.attentionHeads();
        // autocast runs the two norms of a layer in FP32 (LayerNorm is on its FP32 list; an RMSNorm's input is the
        // FP32 residual stream of FP32 weights): each keeps an FP32 output and the next matmul a 16-bit copy, +4h each
        double autocastNorms = autocast ? SizingEngine.AUTOCAST_NORM_BYTES * h : 0;
        if (m.intermediateSize() <= 0 && !m.isMoe()) {
            // eager: softmax output, dropout mask and output, 2 + 1 + 2 bytes per score; under autocast the softmax
            // output is FP32 and the matmul keeps a 16-bit copy, 4 + 1 + 2
            return 34.0 * h + autocastNorms + (attention == Attention.EAGER ? (autocast ? 7.0 : 5.0) * a * seq : 0);
        }
        double qDim = a * m.headDim();
        double kvDim = m.isMla() ? a * m.headDim() : (double) m.kvHeads() * m.headDim();
        double norms = m.gatedMlp() ? 12 * h : 4 * h;
        double attn = 2 * h + 4 * qDim + 4 * kvDim + 4 * a;
        if (attention == Attention.EAGER) {
            attn += 6.0 * a * seq;
        }
        double mlp;
        double linearInputs;
        if (m.isMoe()) {
            double ie = m.moeIntermediateSize();
            mlp = 2 * h + m.expertsPerToken() * (2 * h + 8 * ie) + m.sharedExperts() * 8 * ie + 4.0 * m.experts();
            linearInputs = 2 * h + m.expertsPerToken() * (h + ie);
        } else if (m.gatedMlp()) {
            mlp = 2 * h + 8.0 * m.intermediateSize();
            linearInputs = h + m.intermediateSize();
        } else {
            mlp = 2 * h + 4.0 * m.intermediateSize();
            linearInputs = h + m.intermediateSize();
        }
        double total = norms + attn + mlp + autocastNorms;
        if (fp8) {
            total -= h + qDim / 2 + linearInputs;
        }
        return total;
    }

    /** FP32 weights trained under torch.autocast: precision FP32 with trainingMode AMP given explicitly. */
    static boolean isAutocast(Resolved r) {
        return r.precision == Precision.FP32 && r.trainingModeGiven && r.trainingMode == TrainingMode.AMP;
    }

    /** Activation, recompute-working-set and logits terms of training and LoRA. */
    static void fill(Resolved r, Breakdown b) {
        ModelSpec m = r.model;
        double precisionFactor = isAutocast(r) ? 1 : r.computeBytes / 2;
        if (m.perSample() != null) {
            ModelSpec.PerSample ps = m.perSample();
            double scale = (double) r.imageResolution / ps.referenceResolution();
            double perSample = ps.activationGiBPerSample();
            if (isAutocast(r) && ps.tokensAtReference() > 0) {
                // a vision transformer under autocast: FP32 norm outputs, as for language transformers
                perSample += (double) m.layers() * SizingEngine.AUTOCAST_NORM_BYTES * m.hiddenSize() * ps.tokensAtReference() / SizingEngine.GIB;
            }
            b.activations = perSample * scale * scale * r.microBatch * precisionFactor;
            return;
        }
        int s = r.sequenceLength;
        double tokens = (double) s * r.microBatch;
        boolean fp8 = r.trainingMode == TrainingMode.FP8 && r.precision != Precision.FP32;
        boolean autocast = isAutocast(r);
        double perLayer = bytesPerTokenLayer(m, r.attention, s, fp8, autocast);
        double layerInput = 2.0 * m.hiddenSize();
        double stored = switch (r.recompute) {
            case NONE -> perLayer;
            case SELECTIVE -> bytesPerTokenLayer(m, Attention.FLASH, s, fp8, autocast); // scores recomputed
            case FULL -> layerInput;
        };
        b.activations = m.layers() * tokens * stored * precisionFactor / SizingEngine.GIB;
        if (r.recompute == ActivationRecompute.FULL) {
            b.recompute = tokens * perLayer * precisionFactor / SizingEngine.GIB;
        }
        b.logits = Logits.trainingGiB(r, tokens);
    }
}
