package com.gpuquote.sizing.engine;

import java.util.ArrayList;
import java.util.List;

/** The notes and warnings of one sizing result: defaults the engine chose, what it ignored, what a figure means. */
final class SizingNotes {

    private SizingNotes() {
    }

    static List<Note> of(Resolved r, Breakdown b, RatioBand band, double vramPerNode, double recommended) {
        List<Note> notes = null;
        if (r.workload == Workload.INFERENCE && r.kvPrecisionDefaultedTo16Bit) {
            notes = add(notes, Note.of(NoteCodes.KV_CACHE_16BIT,
                    "KV cache sized at 16 bits (2 bytes per value): {0} weights do not imply a quantized KV cache; set kvCachePrecision to change it.",
                    r.precision.name()));
        }
        if (r.workload == Workload.INFERENCE && !r.model.isMla() && b.gpuCount > r.model.kvHeads()) {
            notes = add(notes, Note.of(NoteCodes.KV_HEADS_REPLICATED,
                    "Tensor parallelism over {0} GPUs exceeds the model's {1} KV heads; serving engines then replicate KV heads, so each GPU holds one KV head per layer.",
                    b.gpuCount, r.model.kvHeads()));
        }
        if (r.quantizationFromPrecision && r.workload != Workload.TRAINING) {
            notes = add(notes, Note.of(NoteCodes.QUANTIZATION_FROM_PRECISION,
                    "precision {0} is sized as {1} ({2} bits per weight including scales); set quantization to choose the format.",
                    r.precision.name(), r.quantization.name(), r.quantization.bitsPerWeight()));
        }
        if (r.model != null && r.model.isMoe()) {
            notes = add(notes, Note.of(NoteCodes.MOE_ALL_EXPERTS_RESIDENT,
                    "All {0} experts of each MoE layer are held in GPU memory; {1} of the {2} parameters are active per token (compute scales with those).",
                    r.model.experts(), r.model.activeParameters(), r.model.parameters()));
        }
        if (r.zeroIgnored) {
            notes = add(notes, Note.of(NoteCodes.ZERO_NOT_APPLICABLE,
                    "zeroStage and offload apply to training only and were ignored for {0}.", r.workload.name()));
        }
        if (r.workload.isTraining()) {
            if (r.zeroStage > 0 && b.gpuCount == 1 && r.offload == Offload.NONE) {
                notes = add(notes, Note.of(NoteCodes.ZERO_SINGLE_GPU,
                        "ZeRO stage {0} partitions states across GPUs; on a single GPU it saves no memory unless combined with offload.",
                        r.zeroStage));
            }
            if (r.zeroStage == 3 && r.largestLayerEstimated) {
                notes = add(notes, Note.of(NoteCodes.LARGEST_LAYER_ESTIMATED,
                        "Largest layer estimated as 12 × hiddenSize² = {0} parameters; give model.largestLayerParameters for exact ZeRO-3 buffers.",
                        r.model.largestLayerParameters()));
            }
            if (r.offload != Offload.NONE) {
                notes = add(notes, Note.of(NoteCodes.OFFLOAD_HOST_MEMORY,
                        "Offload keeps {0} GiB per node in host memory; step time is then bound by host memory and PCIe bandwidth.",
                        b.hostOffload));
            }
            if (r.workload == Workload.LORA_FINE_TUNING && r.quantization != Quantization.NONE) {
                notes = add(notes, Note.of(NoteCodes.QUANTIZED_LORA_BASE,
                        "Frozen base weights held in {0} (QLoRA style); the {1} adapter parameters train in 16-bit mixed precision.",
                        r.quantization.name(), r.trainableParameters));
            }
            if (r.loraTargetsFellBack) {
                notes = add(notes, Note.of(NoteCodes.LORA_ATTENTION_ONLY,
                        "Adapters sized on q, k, v and o only because the model has no intermediateSize; give model.intermediateSize for all linear layers."));
            }
            if (r.trainingMode == TrainingMode.FP8 && r.precision != Precision.FP32) {
                notes = add(notes, Note.of(NoteCodes.FP8_NEEDS_GPU,
                        "FP8 training needs FP8 tensor cores (Ada, Hopper or Blackwell GPUs such as L20, L40S, H20, H100, H800, H200)."));
            }
            if (r.model.perSample() != null && r.recompute != ActivationRecompute.NONE) {
                notes = add(notes, Note.of(NoteCodes.RECOMPUTE_NOT_MODELLED,
                        "Activation recompute is not modelled for {0}: activations are the published per-sample figure without checkpointing (an upper bound).",
                        r.model.presetId()));
            } else if (r.recompute == ActivationRecompute.SELECTIVE && r.attention == Attention.FLASH) {
                notes = add(notes, Note.of(NoteCodes.SELECTIVE_WITH_FLASH,
                        "With FlashAttention no attention scores are stored, so selective recompute saves nothing; use FULL recompute to save activation memory."));
            }
        }
        if (r.prefillFamilyUnknown) {
            notes = add(notes, Note.of(NoteCodes.PREFILL_FAMILY_UNKNOWN,
                    "The prompt's prefill peak under Hugging Face generate depends on the model's code; for a model given by its figures it is sized at the larger bound ({0} × the transformers-native peak). Pick a preset to size it for its family.",
                    PrefillFamily.UNKNOWN.factor()));
        }
        if (r.workload == Workload.INFERENCE && r.servingEngine == ServingEngine.HF_GENERATE) {
            notes = add(notes, Note.of(NoteCodes.HOST_WEIGHTS_COPY,
                    "Hugging Face from_pretrained materialises the weights in host memory ({0} GiB) before moving them to the GPU; host RAM counts that copy besides the page cache.",
                    b.hostModelLoading));
        }
        if (b.zeroBuckets > 0) {
            notes = add(notes, Note.of(NoteCodes.ZERO_BUCKETS,
                    "ZeRO stage {0} holds {1} GiB per GPU of communication buckets and gathered parameters at DeepSpeed's defaults (reduce/allgather buckets 5e8, stage3_max_live_parameters 1e9, prefetch 5e7 elements); DeepSpeed's estimators leave them out.",
                    r.zeroStage, b.zeroBuckets));
        }
        if (b.zeroStep > 0) {
            notes = add(notes, Note.of(NoteCodes.ZERO_STEP,
                    "The peak is ZeRO's optimizer step: it holds the flat and FP32 copies of this GPU's gradient partition ({0} GiB above the activations, which are freed by then).",
                    b.zeroStep));
        }
        if (TrainingStates.kbitAdapters(r)) {
            notes = add(notes, Note.of(NoteCodes.KBIT_PREPARED,
                    "Sized as PEFT's prepare_model_for_kbit_training sets QLoRA up: embeddings and output layer in FP32, adapters trained in FP32."));
        }
        if (recommended > b.hostTotal) {
            notes = add(notes, Note.of(NoteCodes.HOST_RAM_RAISED_TO_BAND,
                    "Recommended host RAM raised from {0} GiB to {1} GiB, the band minimum of 1:{2} for {3} GiB of VRAM needed per node.",
                    b.hostTotal, recommended, band.min(), vramPerNode));
        }
        return notes == null ? List.of() : List.copyOf(notes);
    }

    private static List<Note> add(List<Note> notes, Note note) {
        List<Note> l = notes == null ? new ArrayList<>(4) : notes;
        l.add(note);
        return l;
    }
}
