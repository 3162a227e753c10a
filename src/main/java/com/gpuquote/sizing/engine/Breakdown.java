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
    double kvCache;
    double buffers;
    double overhead;
    double gpuWorkingSet;
    double perGpuTotal;
    double hostOffload;
    double hostModelLoading;
    double hostDataset;
    double hostDataloader;
    double hostOs;
    double hostWorkingSet;
    double hostTotal;
}
