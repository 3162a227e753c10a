package com.gpuquote.sizing.engine;

/** A validated input with every default applied, in primitives. {@code gpuCount} 0 means "search". */
final class Resolved {
    Workload workload;
    ModelSpec model;
    Precision precision;
    Precision kvPrecision;
    boolean kvPrecisionDefaultedTo16Bit;
    boolean largestLayerEstimated;
    int gpuCount;
    Integer gpusPerNode; // as given, may be null
    int microBatch;
    int sequenceLength;
    Optimizer optimizer;
    int zeroStage;
    Offload offload;
    ActivationRecompute recompute;
    int loraRank;
    double datasetCacheGiB;
    int workersPerGpu;
    double gpuWorkingSetGiB;
    double hostWorkingSetGiB;
    boolean cpuIntensive;
    boolean zeroIgnored;
    /** P for TRAINING, the adapter parameters for LORA_FINE_TUNING, 0 otherwise. */
    long trainableParameters;
    // engine v2
    TrainingMode trainingMode = TrainingMode.AMP;
    boolean trainingModeGiven;
    Attention attention = Attention.FLASH;
    ServingEngine servingEngine = ServingEngine.VLLM;
    double gpuMemoryUtilization = SizingInput.DEFAULT_GPU_MEMORY_UTILIZATION;
    int maxNumBatchedTokens = SizingInput.DEFAULT_MAX_NUM_BATCHED_TOKENS;
    boolean cudaGraphs = true;
    Quantization quantization = Quantization.NONE;
    /** Quantization came from the old precision INT8/INT4/FP8 rather than the quantization field. */
    boolean quantizationFromPrecision;
    LoraTargets loraTargets = LoraTargets.ALL_LINEAR;
    boolean loraTargetsFellBack;
    double swapSpaceGiB = SizingInput.DEFAULT_SWAP_SPACE_GIB;
    double kvCpuOffloadGiB;
    int imageResolution;
    Framework framework;
    LossImplementation loss = SizingInput.DEFAULT_LOSS;
    double zeroBucketElements = SizingInput.DEFAULT_ZERO_BUCKET_ELEMENTS;
    /** overlap_comm as given, null for DeepSpeed's default (off for stages 1 and 2, on for stage 3). */
    Boolean zeroOverlapComm;
    /** The HF generate prefill of this model's code is unknown, so the larger family bound is used. */
    boolean prefillFamilyUnknown;
    /** Bytes of one activation / 16-bit tensor element: 4 in FP32, else 2. */
    double computeBytes = 2;
}
