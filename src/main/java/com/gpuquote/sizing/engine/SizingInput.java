package com.gpuquote.sizing.engine;

/**
 * Input of one sizing call; mirrors the JSON of {@code POST /api/v1/sizing} field by field, so every optional
 * field is nullable (absent). {@link #withDefaults()} fills in the documented defaults; the engine applies the
 * same defaults itself, so callers need not call it.
 *
 * <p>Defaults: gpuCount 1, gpusPerNode min(gpuCount, 8), microBatchSize 1, optimizer ADAMW, zeroStage 0,
 * offload NONE, activationRecompute NONE, loraRank 16, dataloaderWorkersPerGpu 4, cpuIntensive false,
 * kvCachePrecision = precision (2 bytes, i.e. BF16, when precision is INT8/INT4).
 * For the recommender a null gpuCount means "search 1, 2, 4 … 64 GPUs".
 */
public record SizingInput(
        Workload workload,
        ModelInput model,
        Precision precision,
        Precision kvCachePrecision,
        Integer gpuCount,
        Integer gpusPerNode,
        Integer microBatchSize,
        Integer sequenceLength,
        Optimizer optimizer,
        Integer zeroStage,
        Offload offload,
        ActivationRecompute activationRecompute,
        Integer loraRank,
        DatasetInput dataset,
        Integer dataloaderWorkersPerGpu,
        Double gpuWorkingSetGiB,
        Double hostWorkingSetGiB,
        Boolean cpuIntensive) {

    public static final int DEFAULT_GPU_COUNT = 1;
    public static final int MAX_DEFAULT_GPUS_PER_NODE = 8;
    public static final int DEFAULT_MICRO_BATCH_SIZE = 1;
    public static final Optimizer DEFAULT_OPTIMIZER = Optimizer.ADAMW;
    public static final int DEFAULT_ZERO_STAGE = 0;
    public static final Offload DEFAULT_OFFLOAD = Offload.NONE;
    public static final ActivationRecompute DEFAULT_ACTIVATION_RECOMPUTE = ActivationRecompute.NONE;
    public static final int DEFAULT_LORA_RANK = 16;
    public static final int DEFAULT_DATALOADER_WORKERS_PER_GPU = 4;

    /** The KV-cache precision used when none is given: the weight precision, or BF16 (2 bytes) for INT8/INT4. */
    public static Precision defaultKvCachePrecision(Precision precision) {
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
                zeroStage != null ? zeroStage : DEFAULT_ZERO_STAGE,
                offload != null ? offload : DEFAULT_OFFLOAD,
                activationRecompute != null ? activationRecompute : DEFAULT_ACTIVATION_RECOMPUTE,
                loraRank != null ? loraRank : DEFAULT_LORA_RANK,
                dataset,
                dataloaderWorkersPerGpu != null ? dataloaderWorkersPerGpu : DEFAULT_DATALOADER_WORKERS_PER_GPU,
                gpuWorkingSetGiB, hostWorkingSetGiB,
                cpuIntensive != null ? cpuIntensive : Boolean.FALSE);
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

        public SizingInput build() {
            return new SizingInput(workload, model, precision, kvCachePrecision, gpuCount, gpusPerNode,
                    microBatchSize, sequenceLength, optimizer, zeroStage, offload, activationRecompute, loraRank,
                    dataset, dataloaderWorkersPerGpu, gpuWorkingSetGiB, hostWorkingSetGiB, cpuIntensive);
        }
    }
}
