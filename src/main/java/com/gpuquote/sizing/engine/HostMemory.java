package com.gpuquote.sizing.engine;

/** Host (system) memory per node: offload, model loading, page-cached checkpoint, pinned buffers, dataloaders. */
final class HostMemory {

    private HostMemory() {
    }

    /** Host memory per node of TRAINING / LORA_FINE_TUNING. */
    static void training(Resolved r, int n, int g, int nodes, Breakdown b) {
        ModelSpec m = r.model;
        boolean lora = r.workload == Workload.LORA_FINE_TUNING;
        double pt = r.trainableParameters;
        double p = m.parameters();
        int zero = r.zeroStage;
        Offload off = r.offload;
        double factor = SizingEngine.DEEPSPEED_BUFFER_FACTOR;
        double checkpoint = m.perSample() != null ? p * 2
                : InferenceMemory.checkpointBytes(m, lora ? r.quantization : Quantization.NONE);
        if (zero == 3 && off == Offload.OPTIMIZER_AND_PARAMS) {
            b.hostOffload = (pt * 18 * factor + TrainingStates.frozenBaseBytes(r, m)) / nodes / SizingEngine.GIB;
            b.hostPinned = SizingEngine.DEEPSPEED_PARAM_BUFFER_BYTES * g / SizingEngine.GIB;
        } else if (zero == 3 && off == Offload.OPTIMIZER) {
            b.hostOffload = pt * 16 * factor / nodes / SizingEngine.GIB;
        } else if (off == Offload.OPTIMIZER) {
            b.hostOffload = pt * Math.max(4.0 * n, 16.0) * factor / SizingEngine.GIB;
        } else {
            // zero.Init / meta-device loading: each process materialises one layer at a time in FP32
            b.hostModelLoading = m.largestLayerParameters() * 4.0 * g * factor / SizingEngine.GIB;
        }
        if (r.optimizer == Optimizer.PAGED_ADAMW_8BIT && off == Offload.NONE) {
            // paged states may be evicted to host memory under GPU memory pressure
            b.hostPinned += b.optimizer * g;
        }
        b.hostCheckpointCache = checkpoint / SizingEngine.GIB;
        b.hostDataloader = (double) g * r.workersPerGpu * SizingEngine.DATALOADER_GIB_PER_WORKER;
    }

    /**
     * Host memory per node of INFERENCE: the checkpoint in the page cache (memory-mapped safetensors, one copy per
     * node), vLLM swap space and KV offload per GPU.
     */
    static void inference(Resolved r, int g, Breakdown b) {
        b.hostCheckpointCache = InferenceMemory.checkpointBytes(r.model, r.quantization) / SizingEngine.GIB;
        if (r.servingEngine == ServingEngine.HF_GENERATE) {
            // from_pretrained materialises the weights in host memory before they are moved to the GPU
            b.hostModelLoading = InferenceMemory.weightBytes(r.model, r.quantization, r.computeBytes)
                    / SizingEngine.GIB;
        }
        if (r.servingEngine == ServingEngine.VLLM) {
            b.hostSwap = r.swapSpaceGiB * g;
            b.hostKvOffload = r.kvCpuOffloadGiB * g;
        }
    }
}
