package com.gpuquote.sizing.engine;

/** Mutable scratch result in GiB, so the recommender can evaluate many (N, G) pairs without garbage. */
final class Breakdown {
    int gpuCount;
    int gpusPerNode;
    int nodes;
    double weights;
    double gradients;
    double optimizer;
    double activations;
    double recompute;
    double logits;
    double kvCache;
    double buffers;
    double zeroBuckets;
    /** DeepSpeed ZeRO's optimizer step beyond the gradients and the activation terms (see ZeroStep). */
    double zeroStep;
    double framework;
    double overhead;
    double gpuWorkingSet;
    double perGpuTotal;
    /** Inference: KV-cache bytes per token on one GPU, and the GiB vLLM's budget holds besides the KV cache. */
    double kvBytesPerTokenPerGpu;
    double nonKvBudget;
    double hostOffload;
    double hostPinned;
    double hostModelLoading;
    double hostCheckpointCache;
    double hostSwap;
    double hostKvOffload;
    double hostDataset;
    double hostDataloader;
    double hostOs;
    double hostWorkingSet;
    double hostTotal;
}
