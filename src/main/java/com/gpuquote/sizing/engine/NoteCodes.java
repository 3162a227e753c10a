package com.gpuquote.sizing.engine;

/**
 * Stable codes of notes, warnings and suggestions (message keys {@code sizing.note.<code>} and
 * {@code sizing.suggestion.<code>}). Never rename a code: the UI bundles are keyed by it.
 */
public final class NoteCodes {
    // sizing notes
    public static final String KV_CACHE_16BIT = "KV_CACHE_16BIT";
    public static final String KV_HEADS_REPLICATED = "KV_HEADS_REPLICATED";
    public static final String ZERO_NOT_APPLICABLE = "ZERO_NOT_APPLICABLE";
    public static final String ZERO_SINGLE_GPU = "ZERO_SINGLE_GPU";
    public static final String LARGEST_LAYER_ESTIMATED = "LARGEST_LAYER_ESTIMATED";
    public static final String OFFLOAD_HOST_MEMORY = "OFFLOAD_HOST_MEMORY";
    public static final String QUANTIZED_LORA_BASE = "QUANTIZED_LORA_BASE";
    public static final String HOST_RAM_RAISED_TO_BAND = "HOST_RAM_RAISED_TO_BAND";
    public static final String QUANTIZATION_FROM_PRECISION = "QUANTIZATION_FROM_PRECISION";
    public static final String MOE_ALL_EXPERTS_RESIDENT = "MOE_ALL_EXPERTS_RESIDENT";
    public static final String LORA_ATTENTION_ONLY = "LORA_ATTENTION_ONLY";
    public static final String FP8_NEEDS_GPU = "FP8_NEEDS_GPU";
    public static final String RECOMPUTE_NOT_MODELLED = "RECOMPUTE_NOT_MODELLED";
    public static final String SELECTIVE_WITH_FLASH = "SELECTIVE_WITH_FLASH";
    // candidate warnings
    public static final String RATIO_BELOW_BAND = "RATIO_BELOW_BAND";
    public static final String SPOT_INTERRUPTIBLE = "SPOT_INTERRUPTIBLE";
    public static final String MULTI_NODE = "MULTI_NODE";
    /** FP8 training on a GPU without FP8 tensor cores: the candidate is left out. */
    public static final String NO_FP8 = "NO_FP8";
    // plan warnings (issue 15)
    /** Tensor parallel degree above the model's KV heads: KV heads are replicated. */
    public static final String TP_EXCEEDS_KV_HEADS = "TP_EXCEEDS_KV_HEADS";
    /** One instance cannot hold the model: pipeline stages across instances, with their cost. */
    public static final String PIPELINE_ACROSS_INSTANCES = "PIPELINE_ACROSS_INSTANCES";
    /** Independent inference replicas behind a load balancer. */
    public static final String REPLICAS = "REPLICAS";
    /** Fewer GPUs used than billed (args: used, billed). */
    public static final String GPUS_IDLE = "GPUS_IDLE";
    /** Tensor parallel on GPUs joined by PCIe only: all-reduces staged through host memory (arg: TP). */
    public static final String TP_OVER_PCIE = "TP_OVER_PCIE";
    // suggestions (what-ifs)
    public static final String SELECTIVE_RECOMPUTE = "SELECTIVE_RECOMPUTE";
    public static final String FULL_RECOMPUTE = "FULL_RECOMPUTE";
    public static final String ZERO_3 = "ZERO_3";
    public static final String OPTIMIZER_OFFLOAD = "OPTIMIZER_OFFLOAD";
    public static final String INT8_SERVING = "INT8_SERVING";
    public static final String INT4_SERVING = "INT4_SERVING";
    public static final String MORE_GPUS = "MORE_GPUS";
    /** The precision the excluded GPUs can run (BF16 → FP16, FP8 → INT8, FP8 training → AMP) on those GPUs. */
    public static final String PRECISION_ON_OLDER_GPU = "PRECISION_ON_OLDER_GPU";
    // plans that make a workload fit when nothing does (FitPlans), besides the codes above
    public static final String ZERO_1 = "ZERO_1";
    public static final String ZERO_2 = "ZERO_2";
    /** Optimizer states and parameters offloaded to host memory (ZeRO-Infinity style, ZeRO stage 3). */
    public static final String PARAM_OFFLOAD = "PARAM_OFFLOAD";
    /** LoRA fine-tuning instead of full training. */
    public static final String LORA = "LORA";
    public static final String LARGER_RAM_INSTANCE = "LARGER_RAM_INSTANCE";
    public static final String DISTRIBUTED_PREPROCESSING = "DISTRIBUTED_PREPROCESSING";
    /** GENERAL_COMPUTE short of host RAM: keep less of the host working set per node (Spark or similar). */
    public static final String DISTRIBUTED_WORKING_SET = "DISTRIBUTED_WORKING_SET";

    /** HF generate prefill sized at the larger family bound because the model's code is not known. */
    public static final String PREFILL_FAMILY_UNKNOWN = "PREFILL_FAMILY_UNKNOWN";
    /** DeepSpeed ZeRO communication buckets and gathered parameters counted at DeepSpeed's defaults. */
    public static final String ZERO_BUCKETS = "ZERO_BUCKETS";
    /** DeepSpeed ZeRO's optimizer step (FP32 gradient copies) is the peak, above the activations. */
    public static final String ZERO_STEP = "ZERO_STEP";
    /** QLoRA as PEFT prepares it: FP32 embeddings and output layer, FP32 adapters. */
    public static final String KBIT_PREPARED = "KBIT_PREPARED";
    /** HF generate holds a copy of the weights in host memory while loading. */
    public static final String HOST_WEIGHTS_COPY = "HOST_WEIGHTS_COPY";

    private NoteCodes() {
    }
}
