package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * Input of one sizing call; mirrors the JSON of {@code POST /api/v1/sizing} field by field, so every optional
 * field is nullable (absent). {@link #withDefaults()} fills in the documented defaults; the engine applies the
 * same defaults itself, so callers need not call it.
 *
 * <p>Defaults: gpuCount 1, gpusPerNode min(gpuCount, 8), microBatchSize 1, optimizer ADAMW, zeroStage 0,
 * offload NONE, activationRecompute NONE, loraRank 16, dataloaderWorkersPerGpu 4, cpuIntensive false,
 * kvCachePrecision = precision (2 bytes, i.e. BF16, when precision is INT8/INT4).
 * Engine v2 (issue 13): trainingMode AMP, attention FLASH, servingEngine VLLM, gpuMemoryUtilization 0.9,
 * maxNumBatchedTokens 8192, cudaGraphs true, quantization from precision (NONE for 16/32-bit), loraTargets
 * ALL_LINEAR (ATTENTION when the model has no intermediateSize), swapSpaceGiB 4 per GPU, kvCpuOffloadGiB 0,
 * imageResolution = the vision/diffusion preset's reference resolution.
 * Framework presets: framework absent (each default as above); lossImplementation the framework's, else
 * FP32_UPCAST (transformers' loss); a framework's zeroStage and servingEngine apply when those fields are absent;
 * zeroBucketElements 5e8 (DeepSpeed's reduce and allgather bucket size), zeroOverlapComm DeepSpeed's default (false
 * for stages 1 and 2, true for stage 3).
 * For the recommender a null gpuCount means "search 1, 2, 4 … 64 GPUs".
 */
public record SizingInput(
        @Nullable Workload workload,
        @Nullable ModelInput model,
        @Nullable Precision precision,
        @Nullable Precision kvCachePrecision,
        @Nullable Integer gpuCount,
        @Nullable Integer gpusPerNode,
        @Nullable Integer microBatchSize,
        @Nullable Integer sequenceLength,
        @Nullable Optimizer optimizer,
        @Nullable Integer zeroStage,
        @Nullable Offload offload,
        @Nullable ActivationRecompute activationRecompute,
        @Nullable Integer loraRank,
        @Nullable DatasetInput dataset,
        @Nullable Integer dataloaderWorkersPerGpu,
        @Nullable Double gpuWorkingSetGiB,
        @Nullable Double hostWorkingSetGiB,
        @Nullable Boolean cpuIntensive,
        @Nullable TrainingMode trainingMode,
        @Nullable Attention attention,
        @Nullable ServingEngine servingEngine,
        @Nullable Double gpuMemoryUtilization,
        @Nullable Integer maxNumBatchedTokens,
        @Nullable Boolean cudaGraphs,
        @Nullable Quantization quantization,
        @Nullable LoraTargets loraTargets,
        @Nullable Double swapSpaceGiB,
        @Nullable Double kvCpuOffloadGiB,
        @Nullable Integer imageResolution,
        @Nullable Framework framework,
        @Nullable LossImplementation lossImplementation,
        @Nullable Double zeroBucketElements,
        @Nullable Boolean zeroOverlapComm) {

    /** The fields before framework presets (framework and lossImplementation absent). */
    public SizingInput(@Nullable Workload workload, @Nullable ModelInput model, @Nullable Precision precision,
                       @Nullable Precision kvCachePrecision, @Nullable Integer gpuCount, @Nullable Integer gpusPerNode,
                       @Nullable Integer microBatchSize, @Nullable Integer sequenceLength, @Nullable Optimizer optimizer,
                       @Nullable Integer zeroStage, @Nullable Offload offload,
                       @Nullable ActivationRecompute activationRecompute, @Nullable Integer loraRank,
                       @Nullable DatasetInput dataset, @Nullable Integer dataloaderWorkersPerGpu,
                       @Nullable Double gpuWorkingSetGiB, @Nullable Double hostWorkingSetGiB,
                       @Nullable Boolean cpuIntensive, @Nullable TrainingMode trainingMode, @Nullable Attention attention,
                       @Nullable ServingEngine servingEngine, @Nullable Double gpuMemoryUtilization,
                       @Nullable Integer maxNumBatchedTokens, @Nullable Boolean cudaGraphs,
                       @Nullable Quantization quantization, @Nullable LoraTargets loraTargets,
                       @Nullable Double swapSpaceGiB, @Nullable Double kvCpuOffloadGiB,
                       @Nullable Integer imageResolution) {
        this(workload, model, precision, kvCachePrecision, gpuCount, gpusPerNode, microBatchSize, sequenceLength,
                optimizer, zeroStage, offload, activationRecompute, loraRank, dataset, dataloaderWorkersPerGpu,
                gpuWorkingSetGiB, hostWorkingSetGiB, cpuIntensive, trainingMode, attention, servingEngine,
                gpuMemoryUtilization, maxNumBatchedTokens, cudaGraphs, quantization, loraTargets, swapSpaceGiB,
                kvCpuOffloadGiB, imageResolution, null, null, null, null);
    }

    /** The fields of issue 5 (every engine-v2 field absent, i.e. defaulted). */
    public SizingInput(@Nullable Workload workload, @Nullable ModelInput model, @Nullable Precision precision, @Nullable Precision kvCachePrecision,
                       @Nullable Integer gpuCount, @Nullable Integer gpusPerNode, @Nullable Integer microBatchSize, @Nullable Integer sequenceLength,
                       @Nullable Optimizer optimizer, @Nullable Integer zeroStage, @Nullable Offload offload,
                       @Nullable ActivationRecompute activationRecompute, @Nullable Integer loraRank, @Nullable DatasetInput dataset,
                       @Nullable Integer dataloaderWorkersPerGpu, @Nullable Double gpuWorkingSetGiB, @Nullable Double hostWorkingSetGiB,
                       @Nullable Boolean cpuIntensive) {
        this(workload, model, precision, kvCachePrecision, gpuCount, gpusPerNode, microBatchSize, sequenceLength,
                optimizer, zeroStage, offload, activationRecompute, loraRank, dataset, dataloaderWorkersPerGpu,
                gpuWorkingSetGiB, hostWorkingSetGiB, cpuIntensive, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null);
    }

    public static final int DEFAULT_GPU_COUNT = 1;
    public static final int MAX_DEFAULT_GPUS_PER_NODE = 8;
    public static final int DEFAULT_MICRO_BATCH_SIZE = 1;
    public static final Optimizer DEFAULT_OPTIMIZER = Optimizer.ADAMW;
    public static final int DEFAULT_ZERO_STAGE = 0;
    public static final Offload DEFAULT_OFFLOAD = Offload.NONE;
    public static final ActivationRecompute DEFAULT_ACTIVATION_RECOMPUTE = ActivationRecompute.NONE;
    public static final int DEFAULT_LORA_RANK = 16;
    public static final int DEFAULT_DATALOADER_WORKERS_PER_GPU = 4;
    public static final TrainingMode DEFAULT_TRAINING_MODE = TrainingMode.AMP;
    public static final Attention DEFAULT_ATTENTION = Attention.FLASH;
    public static final ServingEngine DEFAULT_SERVING_ENGINE = ServingEngine.VLLM;
    /** vLLM's default {@code gpu_memory_utilization}. */
    public static final double DEFAULT_GPU_MEMORY_UTILIZATION = 0.9;
    /** vLLM's default {@code max_num_batched_tokens} for the OpenAI server with chunked prefill (V1). */
    public static final int DEFAULT_MAX_NUM_BATCHED_TOKENS = 8192;
    public static final LoraTargets DEFAULT_LORA_TARGETS = LoraTargets.ALL_LINEAR;
    /** vLLM's default {@code swap_space}: 4 GiB of pinned CPU memory per GPU. */
    public static final double DEFAULT_SWAP_SPACE_GIB = 4.0;
    /** transformers' causal-LM loss, what the HF Trainer and the frameworks built on it run. */
    public static final LossImplementation DEFAULT_LOSS = LossImplementation.FP32_UPCAST;
    /** DeepSpeed's default reduce_bucket_size and allgather_bucket_size (elements). */
    public static final double DEFAULT_ZERO_BUCKET_ELEMENTS = 5e8;

    /** The KV-cache precision used when none is given: the weight precision, or BF16 (2 bytes) for INT8/INT4. */
    public static @Nullable Precision defaultKvCachePrecision(Precision precision) {
        if (precision == null) {
            return null;
        }
        return precision == Precision.INT8 || precision == Precision.INT4 ? Precision.BF16 : precision;
    }

    /** Default GPUs per node for a GPU count: min(gpuCount, 8). */
    public static int defaultGpusPerNode(int gpuCount) {
        return Math.min(gpuCount, MAX_DEFAULT_GPUS_PER_NODE);
    }

    /**
     * A copy with every absent optional field set to its default (model, workload, precision, sequenceLength,
     * dataset and the GENERAL_COMPUTE working sets have no default and stay as given).
     */
    public SizingInput withDefaults() {
        int n = gpuCount != null ? gpuCount : DEFAULT_GPU_COUNT;
        return new SizingInput(workload, model, precision,
                kvCachePrecision != null ? kvCachePrecision : defaultKvCachePrecision(precision),
                n,
                gpusPerNode != null ? gpusPerNode : defaultGpusPerNode(n),
                microBatchSize != null ? microBatchSize : DEFAULT_MICRO_BATCH_SIZE,
                sequenceLength,
                optimizer != null ? optimizer : DEFAULT_OPTIMIZER,
                zeroStage != null ? zeroStage : framework != null ? framework.zeroStage() : DEFAULT_ZERO_STAGE,
                offload != null ? offload : DEFAULT_OFFLOAD,
                activationRecompute != null ? activationRecompute : DEFAULT_ACTIVATION_RECOMPUTE,
                loraRank != null ? loraRank : DEFAULT_LORA_RANK,
                dataset,
                dataloaderWorkersPerGpu != null ? dataloaderWorkersPerGpu : DEFAULT_DATALOADER_WORKERS_PER_GPU,
                gpuWorkingSetGiB, hostWorkingSetGiB,
                cpuIntensive != null ? cpuIntensive : Boolean.FALSE,
                trainingMode != null ? trainingMode : DEFAULT_TRAINING_MODE,
                attention != null ? attention : DEFAULT_ATTENTION,
                servingEngine != null ? servingEngine
                        : framework != null && framework.servingEngine() != null ? framework.servingEngine()
                        : DEFAULT_SERVING_ENGINE,
                gpuMemoryUtilization != null ? gpuMemoryUtilization : DEFAULT_GPU_MEMORY_UTILIZATION,
                maxNumBatchedTokens != null ? maxNumBatchedTokens : DEFAULT_MAX_NUM_BATCHED_TOKENS,
                cudaGraphs != null ? cudaGraphs : Boolean.TRUE,
                quantization != null ? quantization : Quantization.forLegacyPrecision(precision, workload),
                loraTargets,
                swapSpaceGiB != null ? swapSpaceGiB : DEFAULT_SWAP_SPACE_GIB,
                kvCpuOffloadGiB != null ? kvCpuOffloadGiB : 0.0,
                imageResolution, framework, lossImplementation != null ? lossImplementation
                        : framework != null && framework.loss() != null ? framework.loss() : DEFAULT_LOSS,
                zeroBucketElements != null ? zeroBucketElements : DEFAULT_ZERO_BUCKET_ELEMENTS,
                zeroOverlapComm);
    }

    public static Builder builder(Workload workload) {
        return new Builder().workload(workload);
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.workload = workload;
        b.model = model;
        b.precision = precision;
        b.kvCachePrecision = kvCachePrecision;
        b.gpuCount = gpuCount;
        b.gpusPerNode = gpusPerNode;
        b.microBatchSize = microBatchSize;
        b.sequenceLength = sequenceLength;
        b.optimizer = optimizer;
        b.zeroStage = zeroStage;
        b.offload = offload;
        b.activationRecompute = activationRecompute;
        b.loraRank = loraRank;
        b.dataset = dataset;
        b.dataloaderWorkersPerGpu = dataloaderWorkersPerGpu;
        b.gpuWorkingSetGiB = gpuWorkingSetGiB;
        b.hostWorkingSetGiB = hostWorkingSetGiB;
        b.cpuIntensive = cpuIntensive;
        b.trainingMode = trainingMode;
        b.attention = attention;
        b.servingEngine = servingEngine;
        b.gpuMemoryUtilization = gpuMemoryUtilization;
        b.maxNumBatchedTokens = maxNumBatchedTokens;
        b.cudaGraphs = cudaGraphs;
        b.quantization = quantization;
        b.loraTargets = loraTargets;
        b.swapSpaceGiB = swapSpaceGiB;
        b.kvCpuOffloadGiB = kvCpuOffloadGiB;
        b.imageResolution = imageResolution;
        b.framework = framework;
        b.lossImplementation = lossImplementation;
        b.zeroBucketElements = zeroBucketElements;
        b.zeroOverlapComm = zeroOverlapComm;
        return b;
    }

    /** Fluent builder for Java callers (tests, what-if suggestions, the service layer). */
    public static final class Builder {
        private Workload workload;
        private ModelInput model;
        private Precision precision;
        private Precision kvCachePrecision;
        private Integer gpuCount;
        private Integer gpusPerNode;
        private Integer microBatchSize;
        private Integer sequenceLength;
        private Optimizer optimizer;
        private Integer zeroStage;
        private Offload offload;
        private ActivationRecompute activationRecompute;
        private Integer loraRank;
        private DatasetInput dataset;
        private Integer dataloaderWorkersPerGpu;
        private Double gpuWorkingSetGiB;
        private Double hostWorkingSetGiB;
        private Boolean cpuIntensive;
        private TrainingMode trainingMode;
        private Attention attention;
        private ServingEngine servingEngine;
        private Double gpuMemoryUtilization;
        private Integer maxNumBatchedTokens;
        private Boolean cudaGraphs;
        private Quantization quantization;
        private LoraTargets loraTargets;
        private Double swapSpaceGiB;
        private Double kvCpuOffloadGiB;
        private Integer imageResolution;
        private Framework framework;
        private LossImplementation lossImplementation;
        private Double zeroBucketElements;
        private Boolean zeroOverlapComm;

        private Builder() {
        }

        public Builder workload(Workload v) { this.workload = v; return this; }
        public Builder model(ModelInput v) { this.model = v; return this; }
        public Builder preset(String id) { this.model = ModelInput.preset(id); return this; }
        public Builder precision(Precision v) { this.precision = v; return this; }
        public Builder kvCachePrecision(Precision v) { this.kvCachePrecision = v; return this; }
        public Builder gpuCount(Integer v) { this.gpuCount = v; return this; }
        public Builder gpusPerNode(Integer v) { this.gpusPerNode = v; return this; }
        public Builder microBatchSize(Integer v) { this.microBatchSize = v; return this; }
        public Builder sequenceLength(Integer v) { this.sequenceLength = v; return this; }
        public Builder optimizer(Optimizer v) { this.optimizer = v; return this; }
        public Builder zeroStage(Integer v) { this.zeroStage = v; return this; }
        public Builder offload(Offload v) { this.offload = v; return this; }
        public Builder activationRecompute(ActivationRecompute v) { this.activationRecompute = v; return this; }
        public Builder loraRank(Integer v) { this.loraRank = v; return this; }
        public Builder dataset(DatasetInput v) { this.dataset = v; return this; }
        public Builder dataloaderWorkersPerGpu(Integer v) { this.dataloaderWorkersPerGpu = v; return this; }
        public Builder gpuWorkingSetGiB(Double v) { this.gpuWorkingSetGiB = v; return this; }
        public Builder hostWorkingSetGiB(Double v) { this.hostWorkingSetGiB = v; return this; }
        public Builder cpuIntensive(Boolean v) { this.cpuIntensive = v; return this; }
        public Builder trainingMode(TrainingMode v) { this.trainingMode = v; return this; }
        public Builder attention(Attention v) { this.attention = v; return this; }
        public Builder servingEngine(ServingEngine v) { this.servingEngine = v; return this; }
        public Builder gpuMemoryUtilization(Double v) { this.gpuMemoryUtilization = v; return this; }
        public Builder maxNumBatchedTokens(Integer v) { this.maxNumBatchedTokens = v; return this; }
        public Builder cudaGraphs(Boolean v) { this.cudaGraphs = v; return this; }
        public Builder quantization(Quantization v) { this.quantization = v; return this; }
        public Builder loraTargets(LoraTargets v) { this.loraTargets = v; return this; }
        public Builder swapSpaceGiB(Double v) { this.swapSpaceGiB = v; return this; }
        public Builder kvCpuOffloadGiB(Double v) { this.kvCpuOffloadGiB = v; return this; }
        public Builder imageResolution(Integer v) { this.imageResolution = v; return this; }
        public Builder framework(Framework v) { this.framework = v; return this; }
        public Builder lossImplementation(LossImplementation v) { this.lossImplementation = v; return this; }
        public Builder zeroBucketElements(Double v) { this.zeroBucketElements = v; return this; }
        public Builder zeroOverlapComm(Boolean v) { this.zeroOverlapComm = v; return this; }

        public SizingInput build() {
            return new SizingInput(workload, model, precision, kvCachePrecision, gpuCount, gpusPerNode,
                    microBatchSize, sequenceLength, optimizer, zeroStage, offload, activationRecompute, loraRank,
                    dataset, dataloaderWorkersPerGpu, gpuWorkingSetGiB, hostWorkingSetGiB, cpuIntensive,
                    trainingMode, attention, servingEngine, gpuMemoryUtilization, maxNumBatchedTokens, cudaGraphs, quantization, loraTargets, swapSpaceGiB, kvCpuOffloadGiB, imageResolution,
                    framework, lossImplementation, zeroBucketElements, zeroOverlapComm);
        }
    }
}
