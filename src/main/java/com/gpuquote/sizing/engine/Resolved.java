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
    /** P for TRAINING, T = L·r·(6h + 2·kv·d) for LORA_FINE_TUNING, 0 otherwise. */
    long trainableParameters;

    Resolved copy() {
        Resolved r = new Resolved();
        r.workload = workload;
        r.model = model;
        r.precision = precision;
        r.kvPrecision = kvPrecision;
        r.kvPrecisionDefaultedTo16Bit = kvPrecisionDefaultedTo16Bit;
        r.largestLayerEstimated = largestLayerEstimated;
        r.gpuCount = gpuCount;
        r.gpusPerNode = gpusPerNode;
        r.microBatch = microBatch;
        r.sequenceLength = sequenceLength;
        r.optimizer = optimizer;
        r.zeroStage = zeroStage;
        r.offload = offload;
        r.recompute = recompute;
        r.loraRank = loraRank;
        r.datasetCacheGiB = datasetCacheGiB;
        r.workersPerGpu = workersPerGpu;
        r.gpuWorkingSetGiB = gpuWorkingSetGiB;
        r.hostWorkingSetGiB = hostWorkingSetGiB;
        r.cpuIntensive = cpuIntensive;
        r.zeroIgnored = zeroIgnored;
        r.trainableParameters = trainableParameters;
        return r;
    }
}
