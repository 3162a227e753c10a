package com.gpuquote.sizing.engine;

/**
 * How a candidate runs the workload (issue 15, docs/sizing-model.md "Parallelism plans"). One replica is
 * {@code tensorParallel} × {@code pipelineParallel} GPUs (the model-parallel group whose memory the sizing computed)
 * on {@code instancesPerReplica} instances; tensor parallel groups never cross an instance. Inference runs
 * {@code replicas} independent copies ({@code dataParallel} 1); training runs one replica whose {@code dataParallel}
 * ranks (ZeRO shards) are the GPUs. Instances in total: GPUs / GPUs per instance, rounded up (replicas smaller than
 * an instance share it).
 */
public record Plan(int tensorParallel, int pipelineParallel, int dataParallel, int replicas, int instancesPerReplica) {
}
