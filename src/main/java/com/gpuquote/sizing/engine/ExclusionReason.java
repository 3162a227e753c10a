package com.gpuquote.sizing.engine;

/**
 * Why a priced candidate (instance type × billing mode) is not offered (docs/sizing-model.md, "Parallelism plans").
 * Stable codes: the API answers them and the UI keys its labels by them ({@code sizing.excluded.<code>}).
 */
public enum ExclusionReason {
    /** The GPU has no tensor cores for the requested precision (BF16 before Ampere, FP8 before Ada/Hopper). */
    PRECISION_UNSUPPORTED,
    /** The model-parallel group would need tensor parallelism across instances (pipeline stages cannot split it). */
    TP_ACROSS_INSTANCES,
    /** Multi-instance training over a network the plan does not accept (RDMA required). */
    NETWORK_INADEQUATE,
    /** Not enough GPU memory at any GPU count tried. */
    VRAM_INSUFFICIENT,
    /** Enough GPU memory, but not enough host RAM per instance. */
    HOST_RAM_INSUFFICIENT,
    /** Training on an instance with more GPUs than the given gpuCount (the job would pay for GPUs it leaves idle). */
    MORE_GPUS_THAN_REQUESTED,
    /** A pipeline across instances without RDMA where a single instance of another type holds the model. */
    PIPELINE_WITHOUT_RDMA
}
