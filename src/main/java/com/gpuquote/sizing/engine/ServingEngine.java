package com.gpuquote.sizing.engine;

/** The inference engine, which decides the per-GPU framework cost (docs/sizing-model.md, "Inference"). */
public enum ServingEngine {
    /** vLLM: gpu_memory_utilization budget, profiler activation peak, CUDA graphs, paged KV cache. */
    VLLM,
    /** Hugging Face transformers {@code generate()}: weights, dynamic KV cache and the prefill peak. */
    HF_GENERATE
}
