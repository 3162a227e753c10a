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

    /** Project policy constants (docs/sizing-model.md). */
    public static final double INFERENCE_OVERHEAD_FRACTION = 0.2;
    public static final double TRAINING_OVERHEAD_GIB = 1.0;
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

        // sequence length
        if (needsModel && w != null) {
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

        if (w == Workload.TRAINING && r.model != null) {
            r.trainableParameters = r.model.parameters();
        } else if (w == Workload.LORA_FINE_TUNING && r.model != null && r.model.attentionHeads() > 0) {
            ModelSpec m = r.model;
            r.trainableParameters = (long) m.layers() * r.loraRank
                    * (6L * m.hiddenSize() + 2L * m.kvHeads() * m.headDim());
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

    private static ModelSpec resolveModel(ModelInput m, Resolved r, List<FieldError> errors) {
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
        if (hidden > 0 && heads > 0 && hidden % heads != 0) {
            error(errors, "model.attentionHeads", "mustDivideHidden",
                    "model.attentionHeads must divide model.hiddenSize");
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
        return new ModelSpec(null, p, layers, hidden, heads, kv, vocab, ll);
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

    /** Activation factor f of Korthikanti et al.: bytes per (layer · token · hidden) in 16-bit. */
    static double activationFactor(ActivationRecompute recompute, int heads, int seq, int hidden) {
        return switch (recompute) {
            case NONE -> 34.0 + 5.0 * heads * (double) seq / hidden;
            case SELECTIVE -> 34.0;
            case FULL -> 2.0;
        };
    }

    /** Fills {@code b} for N GPUs with G GPUs per node (G ≤ N). */
    static void compute(Resolved r, int n, int g, Breakdown b) {
        b.gpuCount = n;
        b.gpusPerNode = g;
        int nodes = (n + g - 1) / g;
        b.nodes = nodes;
        b.weights = b.gradients = b.optimizer = b.activations = b.kvCache = b.buffers = b.overhead = 0;
        b.gpuWorkingSet = 0;
        b.hostOffload = b.hostModelLoading = b.hostDataset = b.hostDataloader = b.hostWorkingSet = 0;
        b.hostOs = OS_RESERVE_GIB;
        b.hostDataset = r.datasetCacheGiB;

        switch (r.workload) {
            case INFERENCE -> inference(r, n, b);
            case TRAINING, LORA_FINE_TUNING -> training(r, n, g, nodes, b);
            case GENERAL_COMPUTE -> {
                b.gpuWorkingSet = r.gpuWorkingSetGiB;
                b.overhead = GENERAL_COMPUTE_OVERHEAD_GIB;
                b.hostWorkingSet = r.hostWorkingSetGiB;
            }
        }
        b.perGpuTotal = b.weights + b.gradients + b.optimizer + b.activations + b.kvCache + b.buffers + b.overhead
                + b.gpuWorkingSet;
        b.hostTotal = b.hostOffload + b.hostModelLoading + b.hostDataset + b.hostDataloader + b.hostOs
                + b.hostWorkingSet;
    }

    private static void inference(Resolved r, int n, Breakdown b) {
        ModelSpec m = r.model;
        double p = m.parameters();
        b.weights = p * r.precision.bytes() / n / GIB;
        b.kvCache = 2.0 * m.layers() * m.kvHeads() * m.headDim() * r.kvPrecision.bytes()
                * r.sequenceLength * (double) r.microBatch / n / GIB;
        b.overhead = INFERENCE_OVERHEAD_FRACTION * b.weights;
        b.hostModelLoading = p * r.precision.bytes() / GIB;
    }

    private static void training(Resolved r, int n, int g, int nodes, Breakdown b) {
        ModelSpec m = r.model;
        boolean lora = r.workload == Workload.LORA_FINE_TUNING;
        boolean fp32 = r.precision == Precision.FP32;
        double stateBytes = fp32 ? 4.0 : 2.0; // weights and gradients of trainable parameters
        double k = r.optimizer.stateBytes(fp32);
        double pt = r.trainableParameters;
        double p = m.parameters();
        int zero = r.zeroStage;
        Offload off = r.offload;

        double weights = stateBytes * pt;
        double grads = stateBytes * pt;
        double opt = k * pt;
        double frozen = lora ? p * r.precision.bytes() : 0;
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
        double f = activationFactor(r.recompute, m.attentionHeads(), r.sequenceLength, m.hiddenSize());
        b.activations = (double) m.layers() * r.sequenceLength * r.microBatch * m.hiddenSize() * f
                * (fp32 ? 2 : 1) / GIB;
        b.overhead = TRAINING_OVERHEAD_GIB;

        // host, per node
        double factor = DEEPSPEED_BUFFER_FACTOR;
        if (zero == 3 && off == Offload.OPTIMIZER_AND_PARAMS) {
            b.hostOffload = (pt * 18 * factor + frozenBaseBytes(r, p) * factor) / nodes / GIB;
        } else if (zero == 3 && off == Offload.OPTIMIZER) {
            b.hostOffload = pt * 16 * factor / nodes / GIB;
        } else if (off == Offload.OPTIMIZER) {
            b.hostOffload = pt * Math.max(4.0 * n, 16.0) * factor / GIB;
        } else if (zero == 3) {
            b.hostModelLoading = m.largestLayerParameters() * 4.0 * g * factor / GIB;
        } else {
            b.hostModelLoading = p * (lora ? r.precision.bytes() : 4.0) * g * factor / GIB;
        }
        b.hostDataloader = (double) g * r.workersPerGpu * DATALOADER_GIB_PER_WORKER;
    }

    /** Frozen LoRA base bytes that OPTIMIZER_AND_PARAMS offload moves to the host (0 for full training). */
    private static double frozenBaseBytes(Resolved r, double p) {
        return r.workload == Workload.LORA_FINE_TUNING ? p * r.precision.bytes() : 0;
    }

    // ------------------------------------------------------------------------------------------------ result

    static SizingResult toResult(Resolved r, Breakdown b, RatioPolicy policy) {
        RatioBand band = policy.bandFor(r.workload, r.cpuIntensive);
        double vramPerNode = b.perGpuTotal * b.gpusPerNode;
        double bandMinimum = band.min() * vramPerNode;
        double recommended = Math.max(b.hostTotal, bandMinimum);
        List<Note> notes = notes(r, b, band, vramPerNode, recommended);
        return new SizingResult(
                new SizingResult.PerGpu(b.weights, b.gradients, b.optimizer, b.activations, b.kvCache, b.buffers,
                        b.overhead, b.gpuWorkingSet, b.perGpuTotal),
                new SizingResult.Host(b.hostOffload, b.hostModelLoading, b.hostDataset, b.hostDataloader, b.hostOs,
                        b.hostWorkingSet, b.hostTotal),
                b.nodes, b.gpuCount, b.gpusPerNode, band, recommended, r.model, r.trainableParameters, notes);
    }

    private static List<Note> notes(Resolved r, Breakdown b, RatioBand band, double vramPerNode, double recommended) {
        List<Note> notes = null;
        if (r.workload == Workload.INFERENCE && r.kvPrecisionDefaultedTo16Bit) {
            notes = add(notes, Note.of(NoteCodes.KV_CACHE_16BIT,
                    "KV cache sized at 16 bits (2 bytes per value): {0} weights do not imply a quantized KV cache; set kvCachePrecision to change it.",
                    r.precision.name()));
        }
        if (r.workload == Workload.INFERENCE && b.gpuCount > r.model.kvHeads()) {
            notes = add(notes, Note.of(NoteCodes.KV_HEADS_REPLICATED,
                    "Tensor parallelism over {0} GPUs exceeds the model's {1} KV heads; serving engines then replicate KV heads, so the KV cache per GPU can be larger than shown.",
                    b.gpuCount, r.model.kvHeads()));
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
            if (r.workload == Workload.LORA_FINE_TUNING && r.precision.isQuantized()) {
                notes = add(notes, Note.of(NoteCodes.QUANTIZED_LORA_BASE,
                        "Frozen base weights held in {0} (QLoRA style); the {1} adapter parameters train in 16-bit mixed precision.",
                        r.precision.name(), r.trainableParameters));
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
