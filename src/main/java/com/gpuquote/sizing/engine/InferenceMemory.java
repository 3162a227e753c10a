package com.gpuquote.sizing.engine;

/**
 * GPU memory of serving: weights as stored (quantised or not), the KV cache per tensor-parallel GPU and the serving
 * engine's own cost (vLLM's profiled peak and CUDA graphs, or Hugging Face generate's prefill peak).
 */
final class InferenceMemory {

    private InferenceMemory() {
    }

    /**
     * Bytes of the model's weights as stored for serving or as a frozen base: 16-bit (or FP32) without
     * quantisation; otherwise the format's bits per weight, the embedding and LM head staying 16-bit where the
     * format keeps them (docs/sizing-model.md, "Quantised weights").
     */
    static double weightBytes(ModelSpec m, Quantization q, double computeBytes) {
        double p = m.parameters();
        if (q == Quantization.NONE) {
            return p * computeBytes;
        }
        double kept = q.embeddingsStay16Bit() ? Math.min(p, (double) m.embeddingParameters()) : 0;
        return kept * 2 + (p - kept) * q.bytesPerWeight();
    }

    /** The checkpoint as stored (16-bit, or quantised for GPTQ/AWQ/FP8/GGUF), held once per node in the page cache. */
    static double checkpointBytes(ModelSpec m, Quantization q) {
        return weightBytes(m, q.quantizedOnLoad() ? Quantization.NONE : q, 2);
    }

    /** KV-cache bytes per token on one of N tensor-parallel GPUs: MLA latent (replicated), else K and V heads. */
    static double kvBytesPerToken(ModelSpec m, Precision kvPrecision, int n) {
        if (m.isMla()) {
            return (double) m.layers() * (m.kvLoraRank() + m.qkRopeHeadDim()) * kvPrecision.bytes();
        }
        double headsPerGpu = n <= m.kvHeads() ? (double) m.kvHeads() / n : 1;
        return 2.0 * m.layers() * headsPerGpu * m.headDim() * kvPrecision.bytes();
    }

    /**
     * Bytes per token of vLLM's fused MoE kernel in the profiling run, on one of N tensor-parallel GPUs. The Triton
     * kernel ({@code fused_moe.py}, {@code fused_experts_impl}) takes, for a chunk of M tokens routed to k experts,
     * one buffer of M·k·max(N, h) 16-bit values for the gate/up output and the down output (cache1 and cache3 share
     * it), M·k·N/2 for the activated product (cache2) and the M·h output, N = 2·I_e / TP the w13 rows per GPU. A
     * model with shared experts keeps their M·h output beside the routed ones.
     */
    static double fusedMoeWorkspaceBytesPerToken(ModelSpec m, int n) {
        double h = m.hiddenSize();
        double w13 = 2.0 * m.moeIntermediateSize() / n;
        double routed = 2.0 * m.expertsPerToken() * (Math.max(w13, h) + w13 / 2);
        return routed + 2 * h + (m.sharedExperts() > 0 ? 2 * h : 0);
    }

    /** GPU terms of INFERENCE on one of N tensor-parallel GPUs. */
    static void fill(Resolved r, int n, Breakdown b) {
        ModelSpec m = r.model;
        double weightBytes = weightBytes(m, r.quantization, r.computeBytes);
        b.weights = weightBytes / n / SizingEngine.GIB;
        double kvPerToken = kvBytesPerToken(m, r.kvPrecision, n);
        b.kvBytesPerTokenPerGpu = kvPerToken;
        b.kvCache = kvPerToken * r.sequenceLength * (double) r.microBatch / SizingEngine.GIB;
        double h = m.hiddenSize();
        double mlpWidth = m.isMoe() ? (double) m.expertsPerToken() * m.moeIntermediateSize() + m.sharedExperts()
                * m.moeIntermediateSize() : m.intermediateSize() > 0 ? m.intermediateSize() : 4.0 * h;
        double context = SizingEngine.CUDA_CONTEXT_GIB + (n > 1 ? SizingEngine.NCCL_BUFFERS_GIB : 0);
        if (r.servingEngine == ServingEngine.VLLM) {
            // profiler peak: one forward pass over maxNumBatchedTokens tokens, at its largest inside the MLP: the
            // residual and normalised hidden states (4h) and the tensor-parallel shard of the gate/up output and the
            // activation (6·I / N; attention's transients are freed by then), plus the sampler's FP32 logits and
            // probabilities for max_num_seqs sequences (the full vocabulary, on the first rank)
            double tokens = r.maxNumBatchedTokens;
            double mlpPeak = m.isMoe() ? fusedMoeWorkspaceBytesPerToken(m, n) : 6.0 * mlpWidth / n;
            double peak = tokens * (mlpPeak + 4 * h)
                    + 2.0 * SizingEngine.VLLM_MAX_NUM_SEQS * Math.max(m.vocabSize(), 1) * 4.0;
            double graphs = r.cudaGraphs ? SizingEngine.CUDA_GRAPHS_GIB : 0;
            b.framework = context + peak / SizingEngine.GIB + graphs;
            b.nonKvBudget = b.weights + context + peak / SizingEngine.GIB;
        } else {
            // HF generate: the prefill of B sequences of s tokens on one GPU of a device_map split (pipeline):
            // one layer's MLP transient, eager scores, and the last token's FP32 logits
            double tokens = (double) r.sequenceLength * r.microBatch;
            double peak = tokens * (6.0 * mlpWidth + 8 * h) * PrefillFamily.of(m).factor()
                    + (r.attention == Attention.EAGER ? 6.0 * m.attentionHeads() * r.sequenceLength * tokens : 0)
                    + (double) r.microBatch * Math.max(m.vocabSize(), 1) * 6.0;
            b.framework = SizingEngine.CUDA_CONTEXT_GIB + peak / SizingEngine.GIB;
            b.nonKvBudget = b.weights + b.framework;
        }
    }
}
