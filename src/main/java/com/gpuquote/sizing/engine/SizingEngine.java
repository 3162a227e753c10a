package com.gpuquote.sizing.engine;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

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

    private static void error(List<FieldError> errors, String field, String code, String message) {
        errors.add(new FieldError(field, code, message));
    }

    static Resolved resolveInto(SizingInput in, boolean gpuCountMayBeAbsent, List<FieldError> errors) {
        Resolved r = new Resolved();
        if (in == null) {
            error(errors, "", "required", "a sizing input is required");
            return r;
        }
        Workload w = in.workload();
        r.workload = w;
        if (w == null) {
            error(errors, "workload", "required", "workload is required");
        }
        boolean needsModel = w != Workload.GENERAL_COMPUTE;

        // model
        if (in.model() == null) {
            if (needsModel) {
                error(errors, "model", "required", "model is required (a preset or explicit figures)");
            }
        } else if (needsModel || w == null) {
            r.model = resolveModel(in.model(), r, errors);
        }

        // precision
        r.precision = in.precision();
        if (needsModel && r.precision == null) {
            error(errors, "precision", "required", "precision is required");
        }
        if (w == Workload.TRAINING && r.precision != null && r.precision.isQuantized()) {
            error(errors, "precision", "quantizedTraining",
                    r.precision + " cannot be used for full training; use FP32, FP16 or BF16 (or LoRA on a quantized base)");
        }
        if (in.kvCachePrecision() != null) {
            r.kvPrecision = in.kvCachePrecision();
        } else {
            r.kvPrecision = SizingInput.defaultKvCachePrecision(r.precision);
            r.kvPrecisionDefaultedTo16Bit = r.precision == Precision.INT8 || r.precision == Precision.INT4;
        }

        // parallelism
        Integer n = in.gpuCount();
        if (n == null) {
            r.gpuCount = gpuCountMayBeAbsent ? 0 : SizingInput.DEFAULT_GPU_COUNT;
        } else if (n < 1) {
            error(errors, "gpuCount", "positive", "gpuCount must be at least 1");
        } else if (n > MAX_GPU_COUNT) {
            error(errors, "gpuCount", "tooLarge", "gpuCount must be at most " + MAX_GPU_COUNT);
        } else {
            r.gpuCount = n;
        }
        Integer g = in.gpusPerNode();
        if (g != null && g < 1) {
            error(errors, "gpusPerNode", "positive", "gpusPerNode must be at least 1");
        } else if (g != null && g > MAX_GPU_COUNT) {
            error(errors, "gpusPerNode", "tooLarge", "gpusPerNode must be at most " + MAX_GPU_COUNT);
        }
        r.gpusPerNode = g;

        r.microBatch = intInRange(errors, "microBatchSize", in.microBatchSize(), SizingInput.DEFAULT_MICRO_BATCH_SIZE,
                1, MAX_MICRO_BATCH_SIZE);

        // sequence length (vision and diffusion presets size per image instead)
        boolean perImage = r.model != null && r.model.kind() != ModelKind.TRANSFORMER;
        if (needsModel && w != null && !perImage) {
            Integer s = in.sequenceLength();
            if (s == null) {
                error(errors, "sequenceLength", "required", "sequenceLength is required");
            } else {
                r.sequenceLength = intInRange(errors, "sequenceLength", s, 0, 1, MAX_SEQUENCE_LENGTH);
            }
        }

        // training options
        r.optimizer = in.optimizer() != null ? in.optimizer() : SizingInput.DEFAULT_OPTIMIZER;
        Integer zero = in.zeroStage();
        r.zeroStage = SizingInput.DEFAULT_ZERO_STAGE;
        boolean zeroOk = true;
        if (zero != null) {
            if (zero < 0 || zero > 3) {
                error(errors, "zeroStage", "range", "zeroStage must be 0, 1, 2 or 3");
                zeroOk = false;
            } else {
                r.zeroStage = zero;
            }
        }
        r.offload = in.offload() != null ? in.offload() : SizingInput.DEFAULT_OFFLOAD;
        r.recompute = in.activationRecompute() != null ? in.activationRecompute()
                : SizingInput.DEFAULT_ACTIVATION_RECOMPUTE;
        if (w == null || w.isTraining()) {
            if (zeroOk && r.offload == Offload.OPTIMIZER_AND_PARAMS && r.zeroStage < 3) {
                error(errors, "offload", "paramsNeedStage3",
                        "OPTIMIZER_AND_PARAMS offload needs zeroStage 3 (parameter partitioning)");
            } else if (zeroOk && r.offload == Offload.OPTIMIZER && r.zeroStage == 0) {
                error(errors, "offload", "optimizerNeedsStage1",
                        "OPTIMIZER offload needs zeroStage 1 or more");
            }
        } else if ((zero != null && zero != 0) || r.offload != Offload.NONE) {
            r.zeroIgnored = true;
        }

        r.loraRank = intInRange(errors, "loraRank", in.loraRank(), SizingInput.DEFAULT_LORA_RANK, 1, MAX_HIDDEN_SIZE);
        if (w == Workload.LORA_FINE_TUNING && r.model != null && in.loraRank() != null
                && in.loraRank() > r.model.hiddenSize() && r.model.hiddenSize() > 0) {
            error(errors, "loraRank", "exceedsHidden", "loraRank must not exceed model.hiddenSize");
        }

        // dataset and host
        DatasetInput ds = in.dataset();
        if (ds != null) {
            Double size = ds.sizeGiB();
            if (size == null) {
                error(errors, "dataset.sizeGiB", "required", "dataset.sizeGiB is required when dataset is given");
            } else if (!(size > 0) || size > MAX_DATASET_GIB) {
                error(errors, "dataset.sizeGiB", "positive",
                        "dataset.sizeGiB must be greater than 0 and at most " + (long) MAX_DATASET_GIB);
            } else if (ds.cached()) {
                r.datasetCacheGiB = size;
            }
        }
        r.workersPerGpu = intInRange(errors, "dataloaderWorkersPerGpu", in.dataloaderWorkersPerGpu(),
                SizingInput.DEFAULT_DATALOADER_WORKERS_PER_GPU, 0, MAX_DATALOADER_WORKERS);
        r.cpuIntensive = Boolean.TRUE.equals(in.cpuIntensive());
        if (w == Workload.GENERAL_COMPUTE) {
            r.gpuWorkingSetGiB = workingSet(errors, "gpuWorkingSetGiB", in.gpuWorkingSetGiB());
            r.hostWorkingSetGiB = workingSet(errors, "hostWorkingSetGiB", in.hostWorkingSetGiB());
        }

        resolveV2(in, r, errors);
        if (w == Workload.TRAINING && r.model != null) {
            r.trainableParameters = r.model.perSample() != null ? r.model.perSample().trainableParameters()
                    : r.model.parameters();
        } else if (w == Workload.LORA_FINE_TUNING && r.model != null && r.model.attentionHeads() > 0) {
            r.trainableParameters = loraParameters(r.model, r.loraRank, r.loraTargets);
        } else if (w == Workload.LORA_FINE_TUNING && r.model != null && r.model.perSample() != null) {
            if (r.model.perSample().loraParametersPerRank() <= 0) {
                error(errors, "workload", "loraNotSupported",
                        "LoRA is not defined for " + r.model.presetId() + "; use TRAINING (full fine-tuning)");
            }
            r.trainableParameters = r.model.perSample().loraParametersPerRank() * r.loraRank;
        }
        return r;
    }

    private static int intInRange(List<FieldError> errors, String field, Integer value, int dflt, int min, int max) {
        if (value == null) {
            return dflt;
        }
        if (value < min) {
            error(errors, field, min == 0 ? "nonNegative" : "positive",
                    field + " must be at least " + min);
            return dflt;
        }
        if (value > max) {
            error(errors, field, "tooLarge", field + " must be at most " + max);
            return dflt;
        }
        return value;
    }

    private static double workingSet(List<FieldError> errors, String field, Double v) {
        if (v == null) {
            error(errors, field, "required", field + " is required for GENERAL_COMPUTE");
            return 0;
        }
        if (!(v > 0) || v > MAX_WORKING_SET_GIB) {
            error(errors, field, "positive", field + " must be greater than 0 and at most " + (long) MAX_WORKING_SET_GIB);
            return 0;
        }
        return v;
    }

    private static @Nullable ModelSpec resolveModel(ModelInput m, Resolved r, List<FieldError> errors) {
        if (m.preset() != null) {
            if (m.hasExplicitFields()) {
                error(errors, "model", "presetOrExplicit", "give either model.preset or explicit model figures, not both");
                return null;
            }
            ModelSpec spec = ModelPresets.spec(m.preset());
            if (spec == null) {
                error(errors, "model.preset", "unknown", "unknown model preset '" + m.preset() + "'");
            }
            return spec;
        }
        int before = errors.size();
        Long p = m.parameters();
        if (p == null) {
            error(errors, "model.parameters", "required", "model.parameters is required");
        } else if (p <= 0) {
            error(errors, "model.parameters", "positive", "model.parameters must be greater than 0");
        } else if (p > MAX_PARAMETERS) {
            error(errors, "model.parameters", "tooLarge", "model.parameters must be at most 10^13");
        }
        int layers = requiredPositive(errors, "model.layers", m.layers(), MAX_LAYERS);
        int hidden = requiredPositive(errors, "model.hiddenSize", m.hiddenSize(), MAX_HIDDEN_SIZE);
        int heads = requiredPositive(errors, "model.attentionHeads", m.attentionHeads(), MAX_HIDDEN_SIZE);
        int headDim = optionalPositive(errors, "model.headDim", m.headDim(), MAX_HIDDEN_SIZE, 0);
        if (headDim == 0 && hidden > 0 && heads > 0 && hidden % heads != 0) {
            error(errors, "model.attentionHeads", "mustDivideHidden",
                    "model.attentionHeads must divide model.hiddenSize (or give model.headDim)");
        }
        if (headDim == 0 && heads > 0) {
            headDim = hidden / heads;
        }
        int kv = heads;
        if (m.kvHeads() != null) {
            kv = m.kvHeads();
            if (kv < 1) {
                error(errors, "model.kvHeads", "positive", "model.kvHeads must be at least 1");
            } else if (heads > 0 && heads % kv != 0) {
                error(errors, "model.kvHeads", "mustDivideHeads", "model.kvHeads must divide model.attentionHeads");
            }
        }
        int vocab = 0;
        if (m.vocabSize() != null) {
            vocab = m.vocabSize();
            if (vocab < 1) {
                error(errors, "model.vocabSize", "positive", "model.vocabSize must be at least 1");
            }
        }
        int intermediate = optionalPositive(errors, "model.intermediateSize", m.intermediateSize(), MAX_HIDDEN_SIZE, 0);
        boolean tied = Boolean.TRUE.equals(m.tieWordEmbeddings());
        int experts = optionalPositive(errors, "model.experts", m.experts(), 4096, 0);
        int perToken = 0;
        int moeIntermediate = 0;
        int shared = 0;
        if (experts > 0) {
            perToken = optionalPositive(errors, "model.expertsPerToken", m.expertsPerToken(), 4096, 2);
            if (perToken > experts) {
                error(errors, "model.expertsPerToken", "exceedsExperts",
                        "model.expertsPerToken must not exceed model.experts");
            }
            moeIntermediate = optionalPositive(errors, "model.moeIntermediateSize", m.moeIntermediateSize(),
                    MAX_HIDDEN_SIZE, intermediate);
            if (moeIntermediate == 0) {
                error(errors, "model.moeIntermediateSize", "required",
                        "model.moeIntermediateSize (or model.intermediateSize) is required with model.experts");
            }
            shared = m.sharedExperts() == null ? 0 : m.sharedExperts();
            if (shared < 0 || shared > 4096) {
                error(errors, "model.sharedExperts", "range", "model.sharedExperts must be between 0 and 4096");
            }
        } else if (m.expertsPerToken() != null || m.moeIntermediateSize() != null || m.sharedExperts() != null) {
            error(errors, "model.experts", "required",
                    "model.experts is required with expertsPerToken, moeIntermediateSize or sharedExperts");
        }
        int kvLoraRank = optionalPositive(errors, "model.kvLoraRank", m.kvLoraRank(), MAX_HIDDEN_SIZE, 0);
        int rope = 0;
        if (kvLoraRank > 0) {
            rope = optionalPositive(errors, "model.qkRopeHeadDim", m.qkRopeHeadDim(), MAX_HIDDEN_SIZE, 64);
        } else if (m.qkRopeHeadDim() != null) {
            error(errors, "model.kvLoraRank", "required", "model.kvLoraRank is required with model.qkRopeHeadDim");
        }
        long ll;
        if (m.largestLayerParameters() != null) {
            ll = m.largestLayerParameters();
            if (ll < 1) {
                error(errors, "model.largestLayerParameters", "positive",
                        "model.largestLayerParameters must be at least 1");
            } else if (p != null && p > 0 && ll > p) {
                error(errors, "model.largestLayerParameters", "exceedsParameters",
                        "model.largestLayerParameters must not exceed model.parameters");
            }
        } else {
            ll = ModelSpec.defaultLargestLayer(hidden, vocab);
            r.largestLayerEstimated = vocab <= 0;
        }
        if (errors.size() > before) {
            return null;
        }
        long active = Math.max(1, p - ModelSpec.inactiveExpertParameters(layers, hidden, experts, perToken,
                moeIntermediate));
        return new ModelSpec(null, ModelKind.TRANSFORMER, p, layers, hidden, heads, kv, vocab, ll, headDim,
                intermediate, !Boolean.FALSE.equals(m.gatedMlp()), tied, experts, perToken, moeIntermediate, shared, kvLoraRank, rope, active, null);
    }

    private static int optionalPositive(List<FieldError> errors, String field, Integer v, int max, int dflt) {
        if (v == null) {
            return dflt;
        }
        if (v < 1) {
            error(errors, field, "positive", field + " must be at least 1");
            return dflt;
        }
        if (v > max) {
            error(errors, field, "tooLarge", field + " must be at most " + max);
            return dflt;
        }
        return v;
    }

    /** The engine-v2 fields: training mode, attention, serving engine, quantisation, LoRA targets, host extras. */
    private static void resolveV2(SizingInput in, Resolved r, List<FieldError> errors) {
        Workload w = r.workload;
        r.trainingMode = in.trainingMode() != null ? in.trainingMode() : SizingInput.DEFAULT_TRAINING_MODE;
        r.trainingModeGiven = in.trainingMode() != null;
        r.attention = in.attention() != null ? in.attention() : SizingInput.DEFAULT_ATTENTION;
        r.servingEngine = in.servingEngine() != null ? in.servingEngine() : SizingInput.DEFAULT_SERVING_ENGINE;
        Double gmu = in.gpuMemoryUtilization();
        if (gmu != null) {
            if (!(gmu > 0.05 && gmu <= 1.0)) {
                error(errors, "gpuMemoryUtilization", "range",
                        "gpuMemoryUtilization must be greater than 0.05 and at most 1");
            } else {
                r.gpuMemoryUtilization = gmu;
            }
        }
        r.maxNumBatchedTokens = intInRange(errors, "maxNumBatchedTokens", in.maxNumBatchedTokens(),
                SizingInput.DEFAULT_MAX_NUM_BATCHED_TOKENS, 1, MAX_SEQUENCE_LENGTH);
        r.cudaGraphs = !Boolean.FALSE.equals(in.cudaGraphs());
        if (in.quantization() != null) {
            r.quantization = in.quantization();
            if (w == Workload.TRAINING && r.quantization != Quantization.NONE) {
                error(errors, "quantization", "quantizedTraining", r.quantization
                        + " weights cannot be trained in full; use LORA_FINE_TUNING on a quantized base (QLoRA)");
            }
        } else {
            r.quantization = Quantization.forLegacyPrecision(r.precision, w);
            r.quantizationFromPrecision = r.quantization != Quantization.NONE;
        }
        r.computeBytes = r.precision == Precision.FP32 ? 4 : 2;
        ModelSpec m = r.model;
        boolean transformer = m != null && m.kind() == ModelKind.TRANSFORMER;
        boolean hasMlp = m != null && (m.intermediateSize() > 0 || m.isMoe());
        if (in.loraTargets() != null) {
            r.loraTargets = in.loraTargets();
            if (w == Workload.LORA_FINE_TUNING && transformer && !hasMlp && r.loraTargets == LoraTargets.ALL_LINEAR) {
                error(errors, "model.intermediateSize", "required",
                        "loraTargets ALL_LINEAR needs model.intermediateSize (or use loraTargets ATTENTION)");
            }
        } else if (transformer && !hasMlp) {
            r.loraTargets = LoraTargets.ATTENTION;
            r.loraTargetsFellBack = w == Workload.LORA_FINE_TUNING;
        } else {
            r.loraTargets = SizingInput.DEFAULT_LORA_TARGETS;
        }
        r.swapSpaceGiB = gibInRange(errors, "swapSpaceGiB", in.swapSpaceGiB(), SizingInput.DEFAULT_SWAP_SPACE_GIB);
        r.kvCpuOffloadGiB = gibInRange(errors, "kvCpuOffloadGiB", in.kvCpuOffloadGiB(), 0);
        if (m != null && m.perSample() != null) {
            r.imageResolution = intInRange(errors, "imageResolution", in.imageResolution(),
                    m.perSample().referenceResolution(), MIN_IMAGE_RESOLUTION, MAX_IMAGE_RESOLUTION);
            if (w == Workload.INFERENCE) {
                error(errors, "workload", "notSupported", m.presetId()
                        + " is sized for fine-tuning (TRAINING or LORA_FINE_TUNING) only");
            }
        }
    }

    private static double gibInRange(List<FieldError> errors, String field, Double v, double dflt) {
        if (v == null) {
            return dflt;
        }
        if (!(v >= 0) || v > MAX_SWAP_SPACE_GIB) {
            error(errors, field, "range", field + " must be between 0 and " + (long) MAX_SWAP_SPACE_GIB);
            return dflt;
        }
        return v;
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

    private static int requiredPositive(List<FieldError> errors, String field, Integer v, int max) {
        if (v == null) {
            error(errors, field, "required", field + " is required");
            return 0;
        }
        if (v < 1) {
            error(errors, field, "positive", field + " must be at least 1");
            return 0;
        }
        if (v > max) {
            error(errors, field, "tooLarge", field + " must be at most " + max);
            return 0;
        }
        return v;
    }

    // ------------------------------------------------------------------------------------------------ compute

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
        double autocastNorms = autocast ? AUTOCAST_NORM_BYTES * h : 0;
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

    /** Fills {@code b} for N GPUs with G GPUs per node (G ≤ N). */
    static void compute(Resolved r, int n, int g, Breakdown b) {
        b.gpuCount = n;
        b.gpusPerNode = g;
        int nodes = (n + g - 1) / g;
        b.nodes = nodes;
        b.weights = b.gradients = b.optimizer = b.activations = b.kvCache = b.buffers = b.overhead = 0;
        b.recompute = b.logits = b.framework = b.kvBytesPerTokenPerGpu = b.nonKvBudget = 0;
        b.gpuWorkingSet = 0;
        b.hostOffload = b.hostModelLoading = b.hostDataset = b.hostDataloader = b.hostWorkingSet = 0;
        b.hostPinned = b.hostCheckpointCache = b.hostSwap = b.hostKvOffload = 0;
        b.hostOs = OS_RESERVE_GIB;
        b.hostDataset = r.datasetCacheGiB;

        switch (r.workload) {
            case INFERENCE -> inference(r, n, g, b);
            case TRAINING, LORA_FINE_TUNING -> training(r, n, g, nodes, b);
            case GENERAL_COMPUTE -> {
                b.gpuWorkingSet = r.gpuWorkingSetGiB;
                b.overhead = GENERAL_COMPUTE_OVERHEAD_GIB;
                b.hostWorkingSet = r.hostWorkingSetGiB;
            }
        }
        b.perGpuTotal = b.weights + b.gradients + b.optimizer + b.activations + b.recompute + b.logits + b.kvCache
                + b.buffers + b.framework + b.overhead + b.gpuWorkingSet;
        b.hostTotal = b.hostOffload + b.hostPinned + b.hostModelLoading + b.hostCheckpointCache + b.hostSwap
                + b.hostKvOffload + b.hostDataset + b.hostDataloader + b.hostOs + b.hostWorkingSet;
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

    private static void inference(Resolved r, int n, int g, Breakdown b) {
        ModelSpec m = r.model;
        double weightBytes = weightBytes(m, r.quantization, r.computeBytes);
        b.weights = weightBytes / n / GIB;
        double kvPerToken = kvBytesPerToken(m, r.kvPrecision, n);
        b.kvBytesPerTokenPerGpu = kvPerToken;
        b.kvCache = kvPerToken * r.sequenceLength * (double) r.microBatch / GIB;
        double h = m.hiddenSize();
        double mlpWidth = m.isMoe() ? (double) m.expertsPerToken() * m.moeIntermediateSize() + m.sharedExperts()
                * m.moeIntermediateSize() : m.intermediateSize() > 0 ? m.intermediateSize() : 4.0 * h;
        double context = CUDA_CONTEXT_GIB + (n > 1 ? NCCL_BUFFERS_GIB : 0);
        if (r.servingEngine == ServingEngine.VLLM) {
            // profiler peak: one forward pass over maxNumBatchedTokens tokens, at its largest inside the MLP: the
            // residual and normalised hidden states (4h) and the tensor-parallel shard of the gate/up output and the
            // activation (6·I / N; attention's transients are freed by then), plus the sampler's FP32 logits and
            // probabilities for max_num_seqs sequences (the full vocabulary, on the first rank)
            double tokens = r.maxNumBatchedTokens;
            double peak = tokens * (6.0 * mlpWidth / n + 4 * h)
                    + 2.0 * VLLM_MAX_NUM_SEQS * Math.max(m.vocabSize(), 1) * 4.0;
            double graphs = r.cudaGraphs ? CUDA_GRAPHS_GIB : 0;
            b.framework = context + peak / GIB + graphs;
            b.nonKvBudget = b.weights + context + peak / GIB;
        } else {
            // HF generate: the prefill of B sequences of s tokens on one GPU of a device_map split (pipeline):
            // one layer's MLP transient, eager scores, and the last token's FP32 logits
            double tokens = (double) r.sequenceLength * r.microBatch;
            double peak = tokens * (6.0 * mlpWidth + 8 * h)
                    + (r.attention == Attention.EAGER ? 6.0 * m.attentionHeads() * r.sequenceLength * tokens : 0)
                    + (double) r.microBatch * Math.max(m.vocabSize(), 1) * 6.0;
            b.framework = CUDA_CONTEXT_GIB + peak / GIB;
            b.nonKvBudget = b.weights + b.framework;
        }
        // host: the checkpoint in the page cache (memory-mapped safetensors, one copy per node), vLLM swap space
        // and KV offload per GPU
        b.hostCheckpointCache = checkpointBytes(m, r.quantization) / GIB;
        if (r.servingEngine == ServingEngine.VLLM) {
            b.hostSwap = r.swapSpaceGiB * g;
            b.hostKvOffload = r.kvCpuOffloadGiB * g;
        }
    }

    /** Bytes per trainable parameter of weights, gradients and optimizer (master copy included), see TrainingMode. */
    static double[] stateBytes(Resolved r, int hidden) {
        Optimizer o = r.optimizer;
        if (isAutocast(r)) {
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

    private static void training(Resolved r, int n, int g, int nodes, Breakdown b) {
        ModelSpec m = r.model;
        boolean lora = r.workload == Workload.LORA_FINE_TUNING;
        double[] bytes = stateBytes(r, m.hiddenSize());
        double pt = r.trainableParameters;
        double p = m.parameters();
        int zero = r.zeroStage;
        Offload off = r.offload;

        double weights = bytes[0] * pt;
        double grads = bytes[1] * pt;
        double opt = bytes[2] * pt;
        double frozen;
        if (lora) {
            frozen = weightBytes(m, r.quantization, r.computeBytes);
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
            b.buffers = 4.0 * m.largestLayerParameters() / GIB;
        }
        if (off != Offload.NONE) {
            opt = 0;
            grads = 0;
            if (off == Offload.OPTIMIZER_AND_PARAMS) {
                weights = 0;
                frozen = 0;
            }
        }
        b.weights = (weights + frozen) / GIB;
        b.gradients = grads / GIB;
        b.optimizer = opt / GIB;
        activations(r, b);
        b.overhead = TRAINING_OVERHEAD_GIB;

        // host, per node
        double factor = DEEPSPEED_BUFFER_FACTOR;
        double checkpoint = m.perSample() != null ? p * 2
                : checkpointBytes(m, lora ? r.quantization : Quantization.NONE);
        if (zero == 3 && off == Offload.OPTIMIZER_AND_PARAMS) {
            b.hostOffload = (pt * 18 * factor + frozenBaseBytes(r, m) * factor) / nodes / GIB;
            b.hostPinned = DEEPSPEED_PARAM_BUFFER_BYTES * g / GIB;
        } else if (zero == 3 && off == Offload.OPTIMIZER) {
            b.hostOffload = pt * 16 * factor / nodes / GIB;
        } else if (off == Offload.OPTIMIZER) {
            b.hostOffload = pt * Math.max(4.0 * n, 16.0) * factor / GIB;
        } else {
            // zero.Init / meta-device loading: each process materialises one layer at a time in FP32
            b.hostModelLoading = m.largestLayerParameters() * 4.0 * g * factor / GIB;
        }
        if (r.optimizer == Optimizer.PAGED_ADAMW_8BIT && off == Offload.NONE) {
            // paged states may be evicted to host memory under GPU memory pressure
            b.hostPinned += opt * g / GIB;
        }
        b.hostCheckpointCache = checkpoint / GIB;
        b.hostDataloader = (double) g * r.workersPerGpu * DATALOADER_GIB_PER_WORKER;
    }

    /** Activation, recompute-working-set and logits terms of training and LoRA. */
    /** FP32 weights trained under torch.autocast: precision FP32 with trainingMode AMP given explicitly. */
    static boolean isAutocast(Resolved r) {
        return r.precision == Precision.FP32 && r.trainingModeGiven && r.trainingMode == TrainingMode.AMP;
    }

    private static void activations(Resolved r, Breakdown b) {
        ModelSpec m = r.model;
        double precisionFactor = isAutocast(r) ? 1 : r.computeBytes / 2;
        if (m.perSample() != null) {
            ModelSpec.PerSample ps = m.perSample();
            double scale = (double) r.imageResolution / ps.referenceResolution();
            double perSample = ps.activationGiBPerSample();
            if (isAutocast(r) && ps.tokensAtReference() > 0) {
                // a vision transformer under autocast: FP32 norm outputs, as for language transformers
                perSample += (double) m.layers() * AUTOCAST_NORM_BYTES * m.hiddenSize() * ps.tokensAtReference() / GIB;
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
        b.activations = m.layers() * tokens * stored * precisionFactor / GIB;
        if (r.recompute == ActivationRecompute.FULL) {
            b.recompute = tokens * perLayer * precisionFactor / GIB;
        }
        if (m.vocabSize() > 0) {
            b.logits = tokens * m.vocabSize() * LOGIT_BYTES / GIB;
        }
    }

    /** Frozen LoRA base bytes that OPTIMIZER_AND_PARAMS offload moves to the host (0 for full training). */
    private static double frozenBaseBytes(Resolved r, ModelSpec m) {
        return r.workload == Workload.LORA_FINE_TUNING ? weightBytes(m, r.quantization, r.computeBytes) : 0;
    }

    // ------------------------------------------------------------------------------------------------ result

    static SizingResult toResult(Resolved r, Breakdown b, RatioPolicy policy) {
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        double vramPerNode = b.perGpuTotal * b.gpusPerNode;
        double bandMinimum = band.min() * vramPerNode;
        double recommended = Math.max(b.hostTotal, bandMinimum);
        List<Note> notes = notes(r, b, band, vramPerNode, recommended);
        SizingResult.Serving serving = r.workload == Workload.INFERENCE
                ? new SizingResult.Serving(r.servingEngine,
                r.servingEngine == ServingEngine.VLLM ? r.gpuMemoryUtilization : 1.0, b.kvBytesPerTokenPerGpu,
                b.nonKvBudget, r.sequenceLength)
                : null;
        return new SizingResult(
                new SizingResult.PerGpu(b.weights, b.gradients, b.optimizer, b.activations, b.kvCache, b.buffers,
                        b.overhead, b.gpuWorkingSet, b.perGpuTotal, b.logits, b.recompute, b.framework),
                new SizingResult.Host(b.hostOffload, b.hostModelLoading, b.hostDataset, b.hostDataloader, b.hostOs,
                        b.hostWorkingSet, b.hostTotal, b.hostCheckpointCache, b.hostPinned, b.hostSwap,
                        b.hostKvOffload),
                b.nodes, b.gpuCount, b.gpusPerNode, band, recommended, r.model, r.trainableParameters, notes,
                r.model == null ? 0 : r.model.activeParameters(), serving);
    }

    private static List<Note> notes(Resolved r, Breakdown b, RatioBand band, double vramPerNode, double recommended) {
        List<Note> notes = null;
        if (r.workload == Workload.INFERENCE && r.kvPrecisionDefaultedTo16Bit) {
            notes = add(notes, Note.of(NoteCodes.KV_CACHE_16BIT,
                    "KV cache sized at 16 bits (2 bytes per value): {0} weights do not imply a quantized KV cache; set kvCachePrecision to change it.",
                    r.precision.name()));
        }
        if (r.workload == Workload.INFERENCE && !r.model.isMla() && b.gpuCount > r.model.kvHeads()) {
            notes = add(notes, Note.of(NoteCodes.KV_HEADS_REPLICATED,
                    "Tensor parallelism over {0} GPUs exceeds the model's {1} KV heads; serving engines then replicate KV heads, so each GPU holds one KV head per layer.",
                    b.gpuCount, r.model.kvHeads()));
        }
        if (r.quantizationFromPrecision && r.workload != Workload.TRAINING) {
            notes = add(notes, Note.of(NoteCodes.QUANTIZATION_FROM_PRECISION,
                    "precision {0} is sized as {1} ({2} bits per weight including scales); set quantization to choose the format.",
                    r.precision.name(), r.quantization.name(), r.quantization.bitsPerWeight()));
        }
        if (r.model != null && r.model.isMoe()) {
            notes = add(notes, Note.of(NoteCodes.MOE_ALL_EXPERTS_RESIDENT,
                    "All {0} experts of each MoE layer are held in GPU memory; {1} of the {2} parameters are active per token (compute scales with those).",
                    r.model.experts(), r.model.activeParameters(), r.model.parameters()));
        }
        if (r.zeroIgnored) {
            notes = add(notes, Note.of(NoteCodes.ZERO_NOT_APPLICABLE,
                    "zeroStage and offload apply to training only and were ignored for {0}.", r.workload.name()));
        }
        if (r.workload.isTraining()) {
            if (r.zeroStage > 0 && b.gpuCount == 1 && r.offload == Offload.NONE) {
                notes = add(notes, Note.of(NoteCodes.ZERO_SINGLE_GPU,
                        "ZeRO stage {0} partitions states across GPUs; on a single GPU it saves no memory unless combined with offload.",
                        r.zeroStage));
            }
            if (r.zeroStage == 3 && r.largestLayerEstimated) {
                notes = add(notes, Note.of(NoteCodes.LARGEST_LAYER_ESTIMATED,
                        "Largest layer estimated as 12 × hiddenSize² = {0} parameters; give model.largestLayerParameters for exact ZeRO-3 buffers.",
                        r.model.largestLayerParameters()));
            }
            if (r.offload != Offload.NONE) {
                notes = add(notes, Note.of(NoteCodes.OFFLOAD_HOST_MEMORY,
                        "Offload keeps {0} GiB per node in host memory; step time is then bound by host memory and PCIe bandwidth.",
                        b.hostOffload));
            }
            if (r.workload == Workload.LORA_FINE_TUNING && r.quantization != Quantization.NONE) {
                notes = add(notes, Note.of(NoteCodes.QUANTIZED_LORA_BASE,
                        "Frozen base weights held in {0} (QLoRA style); the {1} adapter parameters train in 16-bit mixed precision.",
                        r.quantization.name(), r.trainableParameters));
            }
            if (r.loraTargetsFellBack) {
                notes = add(notes, Note.of(NoteCodes.LORA_ATTENTION_ONLY,
                        "Adapters sized on q, k, v and o only because the model has no intermediateSize; give model.intermediateSize for all linear layers."));
            }
            if (r.trainingMode == TrainingMode.FP8 && r.precision != Precision.FP32) {
                notes = add(notes, Note.of(NoteCodes.FP8_NEEDS_GPU,
                        "FP8 training needs FP8 tensor cores (Ada, Hopper or Blackwell GPUs such as L20, L40S, H20, H100, H800, H200)."));
            }
            if (r.model.perSample() != null && r.recompute != ActivationRecompute.NONE) {
                notes = add(notes, Note.of(NoteCodes.RECOMPUTE_NOT_MODELLED,
                        "Activation recompute is not modelled for {0}: activations are the published per-sample figure without checkpointing (an upper bound).",
                        r.model.presetId()));
            } else if (r.recompute == ActivationRecompute.SELECTIVE && r.attention == Attention.FLASH) {
                notes = add(notes, Note.of(NoteCodes.SELECTIVE_WITH_FLASH,
                        "With FlashAttention no attention scores are stored, so selective recompute saves nothing; use FULL recompute to save activation memory."));
            }
        }
        if (recommended > b.hostTotal) {
            notes = add(notes, Note.of(NoteCodes.HOST_RAM_RAISED_TO_BAND,
                    "Recommended host RAM raised from {0} GiB to {1} GiB, the band minimum of 1:{2} for {3} GiB of VRAM needed per node.",
                    b.hostTotal, recommended, band.min(), vramPerNode));
        }
        return notes == null ? List.of() : List.copyOf(notes);
    }

    private static List<Note> add(List<Note> notes, Note note) {
        List<Note> l = notes == null ? new ArrayList<>(4) : notes;
        l.add(note);
        return l;
    }
}
