package com.gpuquote.sizing.engine;

/** What the customer runs on the GPUs. */
public enum Workload {
    TRAINING,
    LORA_FINE_TUNING,
    INFERENCE,
    GENERAL_COMPUTE;

    /** True for workloads that hold gradients and optimizer states (full training and LoRA). */
    public boolean isTraining() {
        return this == TRAINING || this == LORA_FINE_TUNING;
    }
}
