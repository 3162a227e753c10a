package com.gpuquote.sizing.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The sizing model of docs/sizing-model.md: GPU memory per GPU, host memory per node, ratio band and
 * recommended host RAM. Stateless and thread-safe; plain Java (no Spring, database or Vaadin).
 */
public final class SizingEngine {

    public static final double GIB = 1024.0 * 1024.0 * 1024.0;

    /** Largest accepted values ("absurd" limits). */
    public static final double MAX_PARAMETERS = 1e13;
    public static final int MAX_SEQUENCE_LENGTH = 1 << 20;
    public static final int MAX_GPU_COUNT = 4096;
    public static final int MAX_MICRO_BATCH_SIZE = 65_536;
    public static final int MAX_LAYERS = 10_000;
    public static final int MAX_HIDDEN_SIZE = 1 << 20;
    public static final int MAX_DATALOADER_WORKERS = 1024;
    public static final double MAX_WORKING_SET_GIB = 1 << 20;
    public static final double MAX_DATASET_GIB = 1 << 30;

    public static final int MIN_IMAGE_RESOLUTION = 16;
    public static final int MAX_IMAGE_RESOLUTION = 16_384;
    public static final double MAX_SWAP_SPACE_GIB = 4096;

    /** Project policy constants (docs/sizing-model.md). */
    /** @deprecated engine v1's serving rule of thumb (×1.2); replaced by the serving engine's framework cost. */
    @Deprecated
    public static final double INFERENCE_OVERHEAD_FRACTION = 0.2;
    public static final double TRAINING_OVERHEAD_GIB = 1.0;
    /**
     * CUDA context with the framework's kernels loaded, outside the PyTorch allocator (nvidia-smi counts it,
     * torch.cuda.max_memory_allocated does not). Measured 1.31 GiB on a V100 by the HF "Model training anatomy" page
     * (CUDA 11, all kernels loaded eagerly); CUDA 12 lazy module loading keeps it near 0.5 GiB [Policy].
     */
    public static final double CUDA_CONTEXT_GIB = 0.5;
    /** NCCL communicator buffers per GPU when tensor parallelism spans GPUs [Policy, NCCL default buffers]. */
    public static final double NCCL_BUFFERS_GIB = 0.25;
    /** vLLM's default {@code max_num_seqs}: sequences the sampler's profiling run holds logits for. */
    public static final int VLLM_MAX_NUM_SEQS = 256;
    /** Extra bytes per token, layer and hidden unit under autocast: two FP32 norm outputs of 4h with 16-bit copies. */
    public static final double AUTOCAST_NORM_BYTES = 8;
    /** Bytes per logit kept by training's loss: 16-bit logits, their FP32 upcast and its FP32 gradient (2 + 4 + 4). */
    public static final double LOGIT_BYTES = 10;
    /** DeepSpeed offload_param defaults: buffer_count 5 × buffer_size 1e8 elements × 2 bytes, pinned, per GPU. */
    public static final double DEEPSPEED_PARAM_BUFFER_BYTES = 5 * 1e8 * 2;
    /**
     * CUDA-graph memory per GPU captured by vLLM after the KV cache is allocated: the lower end of vLLM's own start-up
     * warning "CUDA graphs can take additional 1~3 GiB memory per GPU" (vllm model_runner, quoted in PR 6234).
     */
    public static final double CUDA_GRAPHS_GIB = 1.0;
    public static final double GENERAL_COMPUTE_OVERHEAD_GIB = 1.0;
    public static final double DEEPSPEED_BUFFER_FACTOR = 1.5;
    public static final double DATALOADER_GIB_PER_WORKER = 0.5;
    public static final double OS_RESERVE_GIB = 8.0;

    private SizingEngine() {
    }

    /** Sizes with the default {@link RatioPolicy}. */
    public static SizingResult size(SizingInput input) {
        return size(input, RatioPolicy.defaults());
    }

    /**
     * Sizes one input.
     *
     * @throws SizingValidationException with every invalid field when the input cannot be sized
     */
    public static SizingResult size(SizingInput input, RatioPolicy policy) {
        Resolved r = resolve(input, false);
        Breakdown b = new Breakdown();
        int g = r.gpusPerNode != null ? Math.min(r.gpusPerNode, r.gpuCount)
                : SizingInput.defaultGpusPerNode(r.gpuCount);
        compute(r, r.gpuCount, g, b);
        return toResult(r, b, policy);
    }

    /** Every problem of the input (empty when it can be sized); never throws. */
    public static List<FieldError> validate(SizingInput input) {
        List<FieldError> errors = new ArrayList<>();
        resolveInto(input, false, errors);
        return errors;
    }


    // ------------------------------------------------------------------------------------------------ resolve

    static Resolved resolve(SizingInput input, boolean gpuCountMayBeAbsent) {
        List<FieldError> errors = new ArrayList<>(0);
        Resolved r = resolveInto(input, gpuCountMayBeAbsent, errors);
        if (!errors.isEmpty()) {
            throw new SizingValidationException(errors);
        }
        return r;
    }

    static Resolved resolveInto(SizingInput in, boolean gpuCountMayBeAbsent, List<FieldError> errors) {
        return InputResolver.resolveInto(in, gpuCountMayBeAbsent, errors);
    }

    /** KV-cache bytes per token on one of N tensor-parallel GPUs (see {@link InferenceMemory}). */
    static double kvBytesPerToken(ModelSpec m, Precision kvPrecision, int n) {
        return InferenceMemory.kvBytesPerToken(m, kvPrecision, n);
    }

    // ------------------------------------------------------------------------------------------------ compute

    /** Fills {@code b} for N GPUs with G GPUs per node (G ≤ N). */
    static void compute(Resolved r, int n, int g, Breakdown b) {
        b.gpuCount = n;
        b.gpusPerNode = g;
        int nodes = (n + g - 1) / g;
        b.nodes = nodes;
        b.weights = b.gradients = b.optimizer = b.activations = b.kvCache = b.buffers = b.overhead = 0;
        b.recompute = b.logits = b.zeroBuckets = b.zeroStep = b.framework = b.kvBytesPerTokenPerGpu = b.nonKvBudget = 0;
        b.gpuWorkingSet = 0;
        b.hostOffload = b.hostModelLoading = b.hostDataset = b.hostDataloader = b.hostWorkingSet = 0;
        b.hostPinned = b.hostCheckpointCache = b.hostSwap = b.hostKvOffload = 0;
        b.hostOs = OS_RESERVE_GIB;
        b.hostDataset = r.datasetCacheGiB;

        switch (r.workload) {
            case INFERENCE -> {
                InferenceMemory.fill(r, n, b);
                HostMemory.inference(r, g, b);
            }
            case TRAINING, LORA_FINE_TUNING -> {
                TrainingStates.fill(r, n, b);
                HostMemory.training(r, n, g, nodes, b);
            }
            case GENERAL_COMPUTE -> {
                b.gpuWorkingSet = r.gpuWorkingSetGiB;
                b.overhead = GENERAL_COMPUTE_OVERHEAD_GIB;
                b.hostWorkingSet = r.hostWorkingSetGiB;
            }
        }
        b.perGpuTotal = b.weights + b.gradients + b.optimizer + b.activations + b.recompute + b.logits + b.kvCache
                + b.buffers + b.zeroBuckets + b.zeroStep + b.framework + b.overhead + b.gpuWorkingSet;
        b.hostTotal = b.hostOffload + b.hostPinned + b.hostModelLoading + b.hostCheckpointCache + b.hostSwap
                + b.hostKvOffload + b.hostDataset + b.hostDataloader + b.hostOs + b.hostWorkingSet;
    }
    // ------------------------------------------------------------------------------------------------ result

    static SizingResult toResult(Resolved r, Breakdown b, RatioPolicy policy) {
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        double vramPerNode = b.perGpuTotal * b.gpusPerNode;
        double bandMinimum = band.min() * vramPerNode;
        double recommended = Math.max(b.hostTotal, bandMinimum);
        List<Note> notes = SizingNotes.of(r, b, band, vramPerNode, recommended);
        SizingResult.Serving serving = r.workload == Workload.INFERENCE
                ? new SizingResult.Serving(r.servingEngine,
                r.servingEngine == ServingEngine.VLLM ? r.gpuMemoryUtilization : 1.0, b.kvBytesPerTokenPerGpu,
                b.nonKvBudget, r.sequenceLength)
                : null;
        return new SizingResult(
                new SizingResult.PerGpu(b.weights, b.gradients, b.optimizer, b.activations, b.kvCache, b.buffers,
                        b.overhead, b.gpuWorkingSet, b.perGpuTotal, b.logits, b.recompute, b.framework,
                        b.zeroBuckets, b.zeroStep),
                new SizingResult.Host(b.hostOffload, b.hostModelLoading, b.hostDataset, b.hostDataloader, b.hostOs,
                        b.hostWorkingSet, b.hostTotal, b.hostCheckpointCache, b.hostPinned, b.hostSwap,
                        b.hostKvOffload),
                b.nodes, b.gpuCount, b.gpusPerNode, band, recommended, r.model, r.trainableParameters, notes,
                r.model == null ? 0 : r.model.activeParameters(), serving);
    }
}
