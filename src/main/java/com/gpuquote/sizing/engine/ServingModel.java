package com.gpuquote.sizing.engine;

/**
 * Serving throughput and latency of one model replica (docs/sizing-model.md, "Serving throughput and latency";
 * validated in docs/performance-validation.md against NVIDIA's published TensorRT-LLM tables). Pure and stateless.
 * <p>
 * A replica serves {@code batch} sequences at once (continuous batching keeps that many in flight). For every
 * {@code outputTokens} decode steps it also prefills {@code batch} new prompts of {@code inputTokens}, so the time of
 * one such cycle is
 * <pre>
 *   prefill = batch · FLOPs(prompt) / (TP · peak · η_prefill) + layers · t_layer + TP all-reduces
 *   step(c) = (weights/TP + batch · c · KV bytes per token per GPU) / (bandwidth · η_bw)
 *             + batch · (2 · P_active + 4 · layers · q_dim · c) / (TP · peak · η_decode) + TP all-reduces
 *   output tokens/s = batch · outputTokens / (prefill + Σ step(c) over the generated tokens)
 * </pre>
 * The memory and compute terms are added, not maxed: at the batch sizes served neither hides the other well
 * (a roofline's max over-estimates the measured tables by up to 2×). A tensor-parallel all-reduce runs twice per
 * layer and costs its latency plus the bytes of the activations over the GPUs' link. Pipeline stages are counted as
 * running one after another (pipelining gives memory, not speed: conservative), plus one network hop per stage border.
 * <p>
 * Time to first token is an unloaded request: one prompt's prefill (batch 1) plus one read of the weights (the
 * idle figure); {@link #timeToFirstTokenAtLoadMs} and {@link #timePerOutputTokenMs} give the latencies at a batch.
 */
public final class ServingModel {

    /**
     * Share of the datasheet memory bandwidth that decode kernels reach. Our policy: the datasheet figure is a ceiling
     * no kernel reaches, and 0.80 is a round value below the streaming copies that come closest; the validation
     * (docs/performance-validation.md) shows how results move between 0.6 and 0.9.
     */
    public static final double MEMORY_BANDWIDTH_EFFICIENCY = 0.80;
    /**
     * Share of peak dense tensor throughput reached while prefilling prompts (large matrix products). Pope et al.
     * 2022 ("Efficiently Scaling Transformer Inference", abstract) report 76 % MFU for large-batch prompt processing
     * on PaLM 540B; 0.65 is our policy below that, since attention, norms and smaller models fill the GPU less.
     */
    public static final double PREFILL_COMPUTE_EFFICIENCY = 0.65;
    /**
     * Share of peak reached by the matrix products of a decode step (one row per sequence in flight, so thin
     * matrices): lower than prefill by our policy, 0.50; the memory term dominates decode below a few hundred
     * sequences, so the figure matters only for large batches (see the sensitivity in docs/performance-validation.md).
     */
    public static final double DECODE_COMPUTE_EFFICIENCY = 0.50;
    /**
     * Latency of one small all-reduce among the GPUs of one instance: our policy, 10 µs, the order of a few NVLink or
     * PCIe round trips plus a kernel; the validation shows results barely move between 5 and 40 µs.
     */
    public static final double ALL_REDUCE_LATENCY_SECONDS = 10e-6;
    /**
     * Latency of one small all-reduce staged through host memory (GPUs on PCIe without NVLink or peer-to-peer, where
     * NCCL falls back to its shared-memory transport: every hop is a device-to-host copy, a flag in host memory and a
     * host-to-device copy). Our policy: 25 µs, 2.5 × the peer-to-peer figure, about three PCIe round trips of a few
     * µs each plus the kernels on both sides; see docs/sizing-model.md, "Serving throughput and latency".
     */
    public static final double HOST_STAGED_ALL_REDUCE_LATENCY_SECONDS = 25e-6;
    /**
     * Share of the PCIe link's one-direction bandwidth a host-staged all-reduce reaches: 0.5, since every byte
     * crosses the bus twice (GPU to host, host to GPU) where peer-to-peer crosses it once. Arithmetic, not a fit.
     */
    public static final double HOST_STAGED_BANDWIDTH_SHARE = 0.5;
    /**
     * Fixed cost per layer of a prefill forward pass (kernel launches, norms, sampling set-up), which decode steps
     * avoid by running as captured CUDA graphs (vLLM docs, "CUDA graphs" / enforce_eager). Our policy: 40 µs per layer,
     * about eight kernels at a few µs each; it matters only for short prompts.
     */
    public static final double PREFILL_LAYER_OVERHEAD_SECONDS = 40e-6;
    /** One hop between pipeline stages on different instances: an RDMA/TCP round of a few tens of µs; our policy. */
    public static final double PIPELINE_HOP_LATENCY_SECONDS = 50e-6;
    /**
     * What a request's first token costs beyond the engine's forward passes: the API server's request path (HTTP,
     * tokenisation, scheduling into the running batch, the first detokenised chunk). Our policy: 10 ms, added to the
     * first-token latency at the operating point (not to the idle figure, which is the engine's own, as the
     * TensorRT-LLM tables measure it); not validated against a published client-side run.
     */
    public static final double SERVING_OVERHEAD_MS = 10;
    /** Sequences one replica keeps in flight at most: vLLM's default {@code max_num_seqs} (EngineArgs, 256). */
    public static final int MAX_BATCH = SizingEngine.VLLM_MAX_NUM_SEQS;
    /** Decode steps are summed in this many slices of growing context (the KV read grows linearly). */
    private static final int CONTEXT_SLICES = 16;

    private ServingModel() {
    }

    /**
     * One replica's shape. Bytes and FLOPs are per replica; {@code kvBytesPerTokenPerGpu} is what one GPU of a
     * tensor-parallel group holds per token for all layers (KV heads divided by TP, not below one head per GPU).
     *
     * @param totalParameters       parameters whose weights are read each step (all experts of a MoE model)
     * @param activeParameters      parameters multiplied per token (active experts only)
     * @param weightBytesPerParameter bytes of one weight (2 for BF16/FP16, 1 for FP8/INT8, 0.5 for INT4)
     * @param attentionWidth        query heads × head dimension (the attention FLOPs per context position)
     * @param peakTflops            dense tensor TFLOPS of one GPU in the compute precision
     * @param memoryBandwidthGBs    one GPU's memory bandwidth, GB/s
     * @param linkGBs               one-direction bandwidth between the GPUs of a tensor-parallel group, GB/s
     * @param networkGBs            one-direction network bandwidth between instances (pipeline hops), GB/s
     * @param hostStagedAllReduce   true when the TP group's GPUs have no NVLink/P2P and all-reduce through host memory
     */
    public record Replica(double totalParameters, double activeParameters, double weightBytesPerParameter, int layers,
                          int hidden, int attentionWidth, double kvBytesPerTokenPerGpu, int tensorParallel,
                          int pipelineParallel, double peakTflops, double memoryBandwidthGBs, double linkGBs,
                          double networkGBs, boolean hostStagedAllReduce) {

        /** A replica whose tensor-parallel GPUs talk peer to peer (NVLink, or PCIe with P2P). */
        public Replica(double totalParameters, double activeParameters, double weightBytesPerParameter, int layers,
                       int hidden, int attentionWidth, double kvBytesPerTokenPerGpu, int tensorParallel,
                       int pipelineParallel, double peakTflops, double memoryBandwidthGBs, double linkGBs,
                       double networkGBs) {
            this(totalParameters, activeParameters, weightBytesPerParameter, layers, hidden, attentionWidth,
                    kvBytesPerTokenPerGpu, tensorParallel, pipelineParallel, peakTflops, memoryBandwidthGBs, linkGBs,
                    networkGBs, false);
        }

        public Replica {
            if (totalParameters <= 0 || activeParameters <= 0 || weightBytesPerParameter <= 0 || layers <= 0
                    || hidden <= 0 || tensorParallel <= 0 || pipelineParallel <= 0 || peakTflops <= 0
                    || memoryBandwidthGBs <= 0) {
                throw new IllegalArgumentException("a replica needs positive parameters, layers, TFLOPS and bandwidth");
            }
        }
    }

    /** Output tokens per second of the whole replica with {@code batch} sequences in flight. */
    public static double outputTokensPerSecond(Replica r, int batch, int inputTokens, int outputTokens) {
        if (batch <= 0 || inputTokens <= 0 || outputTokens <= 0) {
            throw new IllegalArgumentException("batch, input and output tokens must be positive");
        }
        double seconds = prefillSeconds(r, batch, inputTokens);
        double slice = (double) outputTokens / CONTEXT_SLICES;
        for (int k = 0; k < CONTEXT_SLICES; k++) {
            double context = inputTokens + (k + 0.5) * slice;
            seconds += stepSeconds(r, batch, context) * slice;
        }
        return batch * (double) outputTokens / seconds;
    }

    /** Time to the first token of one request on an idle replica, in milliseconds. */
    public static double timeToFirstTokenMs(Replica r, int inputTokens) {
        if (inputTokens <= 0) {
            throw new IllegalArgumentException("input tokens must be positive");
        }
        double weightsRead = r.totalParameters() * r.weightBytesPerParameter() / r.tensorParallel()
                / (r.memoryBandwidthGBs() * 1e9 * MEMORY_BANDWIDTH_EFFICIENCY);
        return (prefillSeconds(r, 1, inputTokens) + weightsRead) * 1000;
    }

    /**
     * Time per output token of one sequence with {@code batch} in flight, in ms: the replica's cycle (its decode
     * steps and the prompts it prefills between them, chunked prefill) divided by the tokens each sequence gets from
     * it. Per-user tokens/s is 1,000 ÷ this.
     */
    public static double timePerOutputTokenMs(Replica r, int batch, int inputTokens, int outputTokens) {
        return 1000.0 * batch / outputTokensPerSecond(r, batch, inputTokens, outputTokens);
    }

    /**
     * First-token latency of a request joining a replica with {@code batch} sequences in flight, in ms: its prompt's
     * prefill, the decode step of the running batch it is scheduled with (mid-generation context), and
     * {@link #SERVING_OVERHEAD_MS}. Queueing is not counted: the operating point is chosen below saturation.
     */
    public static double timeToFirstTokenAtLoadMs(Replica r, int batch, int inputTokens, int outputTokens) {
        if (batch <= 0 || inputTokens <= 0 || outputTokens <= 0) {
            throw new IllegalArgumentException("batch, input and output tokens must be positive");
        }
        double seconds = prefillSeconds(r, 1, inputTokens) + stepSeconds(r, batch, inputTokens + outputTokens / 2.0);
        return seconds * 1000 + SERVING_OVERHEAD_MS;
    }

    private static double prefillSeconds(Replica r, int batch, int inputTokens) {
        double flops = batch * (2 * r.activeParameters() * inputTokens
                + 4.0 * r.layers() * r.attentionWidth() * (double) inputTokens * inputTokens / 2);
        double seconds = flops / (r.tensorParallel() * r.peakTflops() * 1e12 * PREFILL_COMPUTE_EFFICIENCY)
                + r.layers() * PREFILL_LAYER_OVERHEAD_SECONDS;
        return seconds + communicationSeconds(r, (double) batch * inputTokens);
    }

    private static double stepSeconds(Replica r, int batch, double context) {
        double bytes = r.totalParameters() * r.weightBytesPerParameter() / r.tensorParallel()
                + batch * context * r.kvBytesPerTokenPerGpu();
        double memory = bytes / (r.memoryBandwidthGBs() * 1e9 * MEMORY_BANDWIDTH_EFFICIENCY);
        double flops = batch * (2 * r.activeParameters() + 4.0 * r.layers() * r.attentionWidth() * context);
        double compute = flops / (r.tensorParallel() * r.peakTflops() * 1e12 * DECODE_COMPUTE_EFFICIENCY);
        return memory + compute + communicationSeconds(r, batch);
    }

    /** Two all-reduces per layer over the TP group (ring: 2(TP-1)/TP of the bytes) and one hop per stage border. */
    private static double communicationSeconds(Replica r, double tokens) {
        double seconds = 0;
        double activationBytes = tokens * r.hidden() * 2; // activations travel in 16 bits
        int tp = r.tensorParallel();
        if (tp > 1) {
            boolean staged = r.hostStagedAllReduce();
            double link = Math.max(r.linkGBs(), 1) * 1e9 * (staged ? HOST_STAGED_BANDWIDTH_SHARE : 1);
            double latency = staged ? HOST_STAGED_ALL_REDUCE_LATENCY_SECONDS : ALL_REDUCE_LATENCY_SECONDS;
            seconds += 2.0 * r.layers() * (latency + activationBytes * 2 * (tp - 1) / tp / link);
        }
        int pp = r.pipelineParallel();
        if (pp > 1) {
            double network = Math.max(r.networkGBs(), 1) * 1e9;
            seconds += (pp - 1) * (PIPELINE_HOP_LATENCY_SECONDS + activationBytes / network);
        }
        return seconds;
    }
}
