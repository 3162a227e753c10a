package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Input resolution: validates a {@link SizingInput} field by field and applies every default, collecting all errors
 * (docs/sizing-model.md, "Inputs and defaults").
 */
final class InputResolver {

    private InputResolver() {
    }

    static void error(List<FieldError> errors, String field, String code, String message) {
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
            r.model = ModelResolver.resolveModel(in.model(), r, errors);
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
        } else if (n > SizingEngine.MAX_GPU_COUNT) {
            error(errors, "gpuCount", "tooLarge", "gpuCount must be at most " + SizingEngine.MAX_GPU_COUNT);
        } else {
            r.gpuCount = n;
        }
        Integer g = in.gpusPerNode();
        if (g != null && g < 1) {
            error(errors, "gpusPerNode", "positive", "gpusPerNode must be at least 1");
        } else if (g != null && g > SizingEngine.MAX_GPU_COUNT) {
            error(errors, "gpusPerNode", "tooLarge", "gpusPerNode must be at most " + SizingEngine.MAX_GPU_COUNT);
        }
        r.gpusPerNode = g;

        r.microBatch = intInRange(errors, "microBatchSize", in.microBatchSize(), SizingInput.DEFAULT_MICRO_BATCH_SIZE,
                1, SizingEngine.MAX_MICRO_BATCH_SIZE);

        // sequence length (vision and diffusion presets size per image instead)
        boolean perImage = r.model != null && r.model.kind() != ModelKind.TRANSFORMER;
        if (needsModel && w != null && !perImage) {
            Integer s = in.sequenceLength();
            if (s == null) {
                error(errors, "sequenceLength", "required", "sequenceLength is required");
            } else {
                r.sequenceLength = intInRange(errors, "sequenceLength", s, 0, 1, SizingEngine.MAX_SEQUENCE_LENGTH);
            }
        }

        // training options
        r.optimizer = in.optimizer() != null ? in.optimizer() : SizingInput.DEFAULT_OPTIMIZER;
        Integer zero = in.zeroStage();
        r.framework = in.framework();
        if (zero == null && r.framework != null && r.framework.zeroStage() > 0 && w != null && w.isTraining()) {
            zero = r.framework.zeroStage();
        }
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

        r.loraRank = intInRange(errors, "loraRank", in.loraRank(), SizingInput.DEFAULT_LORA_RANK, 1, SizingEngine.MAX_HIDDEN_SIZE);
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
            } else if (!(size > 0) || size > SizingEngine.MAX_DATASET_GIB) {
                error(errors, "dataset.sizeGiB", "positive",
                        "dataset.sizeGiB must be greater than 0 and at most " + (long) SizingEngine.MAX_DATASET_GIB);
            } else if (ds.cached()) {
                r.datasetCacheGiB = size;
            }
        }
        r.workersPerGpu = intInRange(errors, "dataloaderWorkersPerGpu", in.dataloaderWorkersPerGpu(),
                SizingInput.DEFAULT_DATALOADER_WORKERS_PER_GPU, 0, SizingEngine.MAX_DATALOADER_WORKERS);
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
            r.trainableParameters = TrainingStates.loraParameters(r.model, r.loraRank, r.loraTargets);
        } else if (w == Workload.LORA_FINE_TUNING && r.model != null && r.model.perSample() != null) {
            if (r.model.perSample().loraParametersPerRank() <= 0) {
                error(errors, "workload", "loraNotSupported",
                        "LoRA is not defined for " + r.model.presetId() + "; use TRAINING (full fine-tuning)");
            }
            r.trainableParameters = r.model.perSample().loraParametersPerRank() * r.loraRank;
        }
        return r;
    }

    static int intInRange(List<FieldError> errors, String field, Integer value, int dflt, int min, int max) {
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
        if (!(v > 0) || v > SizingEngine.MAX_WORKING_SET_GIB) {
            error(errors, field, "positive", field + " must be greater than 0 and at most " + (long) SizingEngine.MAX_WORKING_SET_GIB);
            return 0;
        }
        return v;
    }

    /** The engine-v2 fields: training mode, attention, serving engine, quantisation, LoRA targets, host extras. */
    private static void resolveV2(SizingInput in, Resolved r, List<FieldError> errors) {
        Workload w = r.workload;
        Framework fw = in.framework();
        TrainingMode presetMode = fw == null ? null : fw.defaultTrainingMode();
        r.trainingMode = in.trainingMode() != null ? in.trainingMode()
                : presetMode != null ? presetMode : SizingInput.DEFAULT_TRAINING_MODE;
        r.trainingModeGiven = in.trainingMode() != null;
        r.attention = in.attention() != null ? in.attention() : SizingInput.DEFAULT_ATTENTION;
        r.servingEngine = in.servingEngine() != null ? in.servingEngine()
                : fw != null && fw.servingEngine() != null ? fw.servingEngine() : SizingInput.DEFAULT_SERVING_ENGINE;
        r.loss = in.lossImplementation() != null ? in.lossImplementation()
                : fw != null && fw.loss() != null ? fw.loss() : SizingInput.DEFAULT_LOSS;
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
                SizingInput.DEFAULT_MAX_NUM_BATCHED_TOKENS, 1, SizingEngine.MAX_SEQUENCE_LENGTH);
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
        if (in.activationRecompute() == null && fw != null && w == Workload.LORA_FINE_TUNING
                && (fw == Framework.UNSLOTH || fw.peftKbitPreparation() && r.quantization.quantizedOnLoad())) {
            // prepare_model_for_kbit_training and Unsloth switch gradient checkpointing on by default
            r.recompute = ActivationRecompute.FULL;
        }
        r.prefillFamilyUnknown = w == Workload.INFERENCE && r.servingEngine == ServingEngine.HF_GENERATE && m != null
                && m.kind() == ModelKind.TRANSFORMER && PrefillFamily.of(m) == PrefillFamily.UNKNOWN;
        Double bucket = in.zeroBucketElements();
        if (bucket != null && !(bucket >= 1e5 && bucket <= 1e11)) {
            error(errors, "zeroBucketElements", "range", "zeroBucketElements must be between 1e5 and 1e11");
        } else if (bucket != null) {
            r.zeroBucketElements = bucket;
        }
        r.zeroOverlapComm = in.zeroOverlapComm();
        r.swapSpaceGiB = gibInRange(errors, "swapSpaceGiB", in.swapSpaceGiB(), SizingInput.DEFAULT_SWAP_SPACE_GIB);
        r.kvCpuOffloadGiB = gibInRange(errors, "kvCpuOffloadGiB", in.kvCpuOffloadGiB(), 0);
        if (m != null && m.perSample() != null) {
            r.imageResolution = intInRange(errors, "imageResolution", in.imageResolution(),
                    m.perSample().referenceResolution(), SizingEngine.MIN_IMAGE_RESOLUTION, SizingEngine.MAX_IMAGE_RESOLUTION);
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
        if (!(v >= 0) || v > SizingEngine.MAX_SWAP_SPACE_GIB) {
            error(errors, field, "range", field + " must be between 0 and " + (long) SizingEngine.MAX_SWAP_SPACE_GIB);
            return dflt;
        }
        return v;
    }
}
