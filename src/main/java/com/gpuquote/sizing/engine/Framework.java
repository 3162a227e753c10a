package com.gpuquote.sizing.engine;

import org.jspecify.annotations.Nullable;

/**
 * The customer's training or serving stack, where the framework (not the model) decides memory: picking one fills
 * the defaults it implies (docs/sizing-model.md, "Framework presets"); a field given explicitly always wins.
 */
public enum Framework {
    /** Hugging Face Trainer with PEFT: transformers' FP32 loss, QLoRA via prepare_model_for_kbit_training. */
    HF_TRAINER_PEFT(Workload.LORA_FINE_TUNING, LossImplementation.FP32_UPCAST, 0, null),
    /** DeepSpeed ZeRO-2 through the HF Trainer, DeepSpeed's default buckets (5e8 elements, overlap_comm). */
    DEEPSPEED_ZERO2(Workload.TRAINING, LossImplementation.FP32_UPCAST, 2, null),
    /** DeepSpeed ZeRO-3 through the HF Trainer, DeepSpeed's default bucket, prefetch and live-parameter budgets. */
    DEEPSPEED_ZERO3(Workload.TRAINING, LossImplementation.FP32_UPCAST, 3, null),
    /** Unsloth: fused chunked cross-entropy, gradient checkpointing on, QLoRA base as prepared by PEFT. */
    UNSLOTH(Workload.LORA_FINE_TUNING, LossImplementation.FUSED_CHUNKED, 0, null),
    /** LLaMA-Factory on the HF Trainer (PEFT adapters, transformers' loss unless Liger is switched on). */
    LLAMA_FACTORY(Workload.LORA_FINE_TUNING, LossImplementation.FP32_UPCAST, 0, null),
    /** vLLM serving (profiled activation peak, CUDA graphs, gpu_memory_utilization 0.9). */
    VLLM(Workload.INFERENCE, null, 0, ServingEngine.VLLM),
    /**
     * SGLang serving: memory as vLLM's budget (static memory fraction of the device, CUDA graphs); sized with vLLM's
     * profile until SGLang's own figures are modelled.
     */
    SGLANG(Workload.INFERENCE, null, 0, ServingEngine.VLLM);

    private final Workload workload;
    private final LossImplementation loss;
    private final int zeroStage;
    private final ServingEngine servingEngine;

    Framework(Workload workload, LossImplementation loss, int zeroStage, ServingEngine servingEngine) {
        this.workload = workload;
        this.loss = loss;
        this.zeroStage = zeroStage;
        this.servingEngine = servingEngine;
    }

    /** The workload the framework is typically used for (not imposed). */
    public Workload typicalWorkload() {
        return workload;
    }

    /** The loss implementation the framework uses by default (null for serving frameworks). */
    public LossImplementation loss() {
        return loss;
    }

    /** The ZeRO stage the preset implies (0 for none). */
    public int zeroStage() {
        return zeroStage;
    }

    /** The serving engine the preset implies (null for training frameworks). */
    public ServingEngine servingEngine() {
        return servingEngine;
    }

    /**
     * The training mode the preset implies when none is given (null: the engine's default). DeepSpeed under ZeRO
     * accumulates and reduces gradients in the model's 16-bit dtype (runtime/engine.py, get_data_types: FP32
     * gradient accumulation only without ZeRO) and keeps FP32 master weights and Adam states: AMP_16BIT_GRADIENTS.
     */
    public @Nullable TrainingMode defaultTrainingMode() {
        return deepSpeed() ? TrainingMode.AMP_16BIT_GRADIENTS : null;
    }

    /** True for DeepSpeed presets, whose communication buckets are counted (docs/sizing-model.md, "ZeRO buckets"). */
    public boolean deepSpeed() {
        return this == DEEPSPEED_ZERO2 || this == DEEPSPEED_ZERO3;
    }

    /** True when adapters on a quantised base are prepared by PEFT's prepare_model_for_kbit_training. */
    public boolean peftKbitPreparation() {
        return this == HF_TRAINER_PEFT || this == UNSLOTH || this == LLAMA_FACTORY;
    }
}
