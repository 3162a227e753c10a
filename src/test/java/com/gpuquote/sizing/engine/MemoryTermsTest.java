package com.gpuquote.sizing.engine;

import static com.gpuquote.sizing.engine.Inputs.GIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * One term at a time, each against a figure computed here from the tensor shapes and the frameworks' defaults
 * (docs/sizing-model.md), not from the engine's output.
 */
class MemoryTermsTest {

    private static final double LLAMA3_8B = 8_030_261_248.0;

    private static SizingInput.Builder lora8b(int seq) {
        return SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b").precision(Precision.BF16)
                .sequenceLength(seq);
    }

    // ------------------------------------------------------------------------------------------------ logits

    @Test
    void logits_follow_the_loss_implementation() {
        double logits = 4096.0 * 128_256; // tokens × vocabulary
        // transformers: 16-bit logits, FP32 up-cast, shifted copy, FP32 log-softmax, FP32 gradient
        assertThat(SizingEngine.size(lora8b(4096).build()).perGpu().logitsGiB())
                .isCloseTo(logits * (2 + 4 + 4 + 4 + 4) / GIB, within(1e-9));
        // a loss on the 16-bit logits
        assertThat(SizingEngine.size(lora8b(4096).lossImplementation(LossImplementation.SIXTEEN_BIT).build())
                .perGpu().logitsGiB()).isCloseTo(logits * 10 / GIB, within(1e-9));
        // fused: ceil(128256 / 4096) = 32, 4096 / 32 = 128 tokens per chunk (already a power of two): 128 · V · 6 B,
        // plus the 16-bit gradient of the 4096 hidden states of 4096 values
        assertThat(SizingEngine.size(lora8b(4096).lossImplementation(LossImplementation.FUSED_CHUNKED).build())
                .perGpu().logitsGiB()).isCloseTo((128.0 * 128_256 * 6 + 4096.0 * 4096 * 2) / GIB, within(1e-9));
    }

    @Test
    void the_fused_chunk_is_the_next_power_of_two_and_never_more_than_the_tokens() {
        // 1000 tokens / 32 = 31.25 → 32 tokens; 10 tokens / 32 → 1 token; a vocabulary below h: the whole batch
        assertThat(Logits.fusedChunkTokens(1000, 128_256, 4096)).isEqualTo(32);
        assertThat(Logits.fusedChunkTokens(10, 128_256, 4096)).isEqualTo(1);
        assertThat(Logits.fusedChunkTokens(100, 1000, 4096)).isEqualTo(100);
    }

    @Test
    void a_framework_sets_the_loss_unless_it_is_given() {
        assertThat(SizingEngine.size(lora8b(1024).framework(Framework.UNSLOTH).build()).perGpu().logitsGiB())
                .isLessThan(0.1);
        assertThat(SizingEngine.size(lora8b(1024).framework(Framework.UNSLOTH)
                .lossImplementation(LossImplementation.FP32_UPCAST).build()).perGpu().logitsGiB())
                .isCloseTo(1024.0 * 128_256 * 18 / GIB, within(1e-9));
    }

    // ------------------------------------------------------------------------------------------------ ZeRO step

    private static SizingInput.Builder full8b(int seq) {
        return SizingInput.builder(Workload.TRAINING).preset("llama-3-8b").precision(Precision.BF16)
                .sequenceLength(seq).microBatchSize(1).activationRecompute(ActivationRecompute.FULL)
                .lossImplementation(LossImplementation.SIXTEEN_BIT);
    }

    @Test
    void zero_step_holds_the_flat_and_fp32_gradient_copies_beyond_the_activations() {
        // DeepSpeed ZeRO-2 preset on 2 GPUs: 16-bit gradients (2 B), at the step the partition's flat copy (2 B) and
        // its FP32 cast (4 B): 8 B per parameter of the half this GPU steps, less the gradient term (2 B · P / 2)
        // and the activation terms, which the backward pass has freed by then
        SizingResult r = SizingEngine.size(full8b(512).framework(Framework.DEEPSPEED_ZERO2).gpuCount(2).build());
        SizingResult.PerGpu g = r.perGpu();
        assertThat(g.gradientsGiB()).isCloseTo(2 * LLAMA3_8B / 2 / GIB, within(1e-9));
        double activationTerms = g.activationsGiB() + g.recomputeGiB() + g.logitsGiB();
        assertThat(g.zeroStepGiB()).isCloseTo((8 - 2) * LLAMA3_8B / 2 / GIB - activationTerms, within(1e-9));
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.ZERO_STEP);
        // at 65,536 tokens the logits (65,536 · 128,256 · 10 B = 78 GiB) outgrow the step: nothing is added
        assertThat(SizingEngine.size(full8b(65_536).framework(Framework.DEEPSPEED_ZERO2).gpuCount(2).build())
                .perGpu().zeroStepGiB()).isZero();
        // stage 3 steps sub-groups of at most 1e9 elements: 2 B · P/N + 6 B · min(P/N, 1e9), N = 2
        SizingResult.PerGpu z3 = SizingEngine.size(full8b(512).framework(Framework.DEEPSPEED_ZERO3).gpuCount(2)
                .build()).perGpu();
        assertThat(z3.zeroStepGiB()).isCloseTo(6 * 1e9 / GIB
                - (z3.activationsGiB() + z3.recomputeGiB() + z3.logitsGiB()), within(1e-9));
        // no ZeRO, or the step offloaded to the CPU: no term
        assertThat(SizingEngine.size(full8b(512).build()).perGpu().zeroStepGiB()).isZero();
        assertThat(SizingEngine.size(full8b(512).zeroStage(2).offload(Offload.OPTIMIZER).build()).perGpu()
                .zeroStepGiB()).isZero();
    }

    @Test
    void deepspeed_presets_keep_16_bit_gradients_unless_a_training_mode_is_given() {
        assertThat(SizingEngine.size(full8b(512).framework(Framework.DEEPSPEED_ZERO2).build()).perGpu()
                .gradientsGiB()).isCloseTo(2 * LLAMA3_8B / GIB, within(1e-9));
        assertThat(SizingEngine.size(full8b(512).framework(Framework.DEEPSPEED_ZERO2).trainingMode(TrainingMode.AMP)
                .build()).perGpu().gradientsGiB()).isCloseTo(4 * LLAMA3_8B / GIB, within(1e-9));
    }

    // ------------------------------------------------------------------------------------------------ vLLM MoE

    @Test
    void vllm_profiles_the_fused_moe_workspace_of_a_moe_model() {
        // qwen3-235b-a22b at TP 4: h 4096, 8 of 128 experts of 1536; w13 rows per GPU N = 2 · 1536 / 4 = 768:
        // 2 B · 8 · (max(768, 4096) + 384) + 2 B · 4096 = 79,872 B per token
        ModelSpec m = java.util.Objects.requireNonNull(ModelPresets.spec("qwen3-235b-a22b"));
        assertThat(InferenceMemory.fusedMoeWorkspaceBytesPerToken(m, 4)).isEqualTo(79_872.0);
    }

    // ------------------------------------------------------------------------------------------------ ZeRO buckets

    @Test
    void zero_buckets_at_deepspeeds_defaults() {
        SizingInput.Builder full = Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 2048).gpuCount(8);
        assertThat(SizingEngine.size(full.build()).perGpu().zeroBucketsGiB()).isZero();
        // stages 1 and 2: reduce and all-gather buckets of 5e8 elements, 16-bit
        assertThat(SizingEngine.size(full.zeroStage(2).build()).perGpu().zeroBucketsGiB())
                .isCloseTo(2 * 5e8 * 2 / GIB, within(1e-12));
        // overlap_comm holds 4.5 times as much (HF's DeepSpeed guide: 9 GB at 5e8)
        assertThat(SizingEngine.size(full.zeroStage(2).zeroOverlapComm(true).build()).perGpu().zeroBucketsGiB())
                .isCloseTo(9e9 / GIB, within(1e-12));
        // a config's own bucket size
        assertThat(SizingEngine.size(full.zeroStage(1).zeroOverlapComm(null).zeroBucketElements(2e8).build())
                .perGpu().zeroBucketsGiB()).isCloseTo(2 * 2e8 * 2 / GIB, within(1e-12));
        // stage 3: reduce bucket 5e8 + live parameters 1e9 + prefetch 5e7
        assertThat(SizingEngine.size(full.zeroStage(3).zeroBucketElements(null).build()).perGpu().zeroBucketsGiB())
                .isCloseTo((5e8 + 1e9 + 5e7) * 2 / GIB, within(1e-12));
    }

    @Test
    void a_bucket_never_holds_more_than_it_collects() {
        // LoRA r 16 on Llama-3-8B: 41,943,040 trainable parameters fill the reduce bucket; stage 3 gathers frozen
        // weights too, up to the live budget
        SizingResult r = SizingEngine.size(lora8b(2048).gpuCount(4).zeroStage(3).build());
        assertThat(r.perGpu().zeroBucketsGiB()).isCloseTo((41_943_040 + 1e9 + 5e7) * 2 / GIB, within(1e-12));
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.ZERO_BUCKETS);
        // a 100M-parameter model at stage 2: both buckets hold the whole model
        SizingResult small = SizingEngine.size(Inputs.training(ModelInput.explicit(100_000_000L, 12, 768, 12, null,
                null, null), Precision.BF16, 512).gpuCount(2).zeroStage(2).build());
        assertThat(small.perGpu().zeroBucketsGiB()).isCloseTo(2 * 1e8 * 2 / GIB, within(1e-12));
    }

    @Test
    void a_deepspeed_preset_implies_its_stage_for_training() {
        SizingInput in = Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 2048).gpuCount(8)
                .framework(Framework.DEEPSPEED_ZERO3).build();
        SizingResult r = SizingEngine.size(in);
        assertThat(r.perGpu().weightsGiB()).isCloseTo(2 * LLAMA3_8B / 8 / GIB, within(1e-9));
        assertThat(r.perGpu().zeroBucketsGiB()).isCloseTo((5e8 + 1e9 + 5e7) * 2 / GIB, within(1e-12));
        assertThat(in.withDefaults().zeroStage()).isEqualTo(3);
        // an explicit stage wins
        assertThat(SizingEngine.size(in.toBuilder().zeroStage(1).build()).perGpu().weightsGiB())
                .isCloseTo(2 * LLAMA3_8B / GIB, within(1e-9));
    }

    // ------------------------------------------------------------------------------------------------ QLoRA set-up

    @Test
    void peft_prepares_a_bitsandbytes_base_with_fp32_embeddings_and_adapters() {
        // Qwen2.5-72B on NF4: 2 · 152064 · 8192 embedding and LM-head parameters in FP32 instead of 16-bit
        SizingInput.Builder q = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("qwen2.5-72b")
                .precision(Precision.BF16).quantization(Quantization.NF4).sequenceLength(1024);
        SizingResult prepared = SizingEngine.size(q.build());
        SizingResult asGiven = SizingEngine.size(q.trainingMode(TrainingMode.AMP).build());
        double embeddings = 2.0 * 152_064 * 8192;
        long t = prepared.trainableParameters();
        // FP32 embeddings (+2 B each) and FP32 adapters (4 B instead of 2) against the 16-bit set-up
        assertThat(prepared.perGpu().weightsGiB() - asGiven.perGpu().weightsGiB())
                .isCloseTo((embeddings * 2 + 2.0 * t) / GIB, within(1e-9));
        assertThat(embeddings * 2 / GIB).isCloseTo(4.64, within(0.01)); // the "about 4.7 GiB"
        assertThat(prepared.perGpu().optimizerStatesGiB()).isCloseTo(8.0 * t / GIB, within(1e-9));
    }

    @Test
    void paged_8_bit_adam_lets_the_qlora_papers_65b_fit_one_48_gb_gpu() {
        // LLaMA-65B (80 layers, h 8192, 64 heads, MLP 22016, vocab 32000), NF4 with double quantisation, LoRA r 64
        // on all linear layers, paged 8-bit AdamW, gradient checkpointing, 512 tokens, batch 1
        ModelInput llama65 = ModelInput.explicit(65_286_000_000L, 80, 8192, 64, null, 32000, null)
                .withIntermediateSize(22016, false);
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).model(llama65)
                .precision(Precision.BF16).quantization(Quantization.NF4_DOUBLE_QUANT).loraRank(64)
                .optimizer(Optimizer.PAGED_ADAMW_8BIT).activationRecompute(ActivationRecompute.FULL)
                .framework(Framework.HF_TRAINER_PEFT).sequenceLength(512).build());
        // adapters: 80 · 64 · (4 · 2 · 8192 + 3 · (8192 + 22016)) = 799,539,200; FP32 weights and gradients, 2 B states
        assertThat(r.trainableParameters()).isEqualTo(799_539_200L);
        assertThat(r.perGpu().optimizerStatesGiB()).isCloseTo(2.0 * 799_539_200 / GIB, within(1e-9));
        assertThat(r.perGpu().totalGiB()).isLessThan(48);
        // 16-bit mixed-precision adapters with AdamW (18 B each) and 16-bit embeddings: 8 B more per adapter
        // parameter, 2 B less per embedding and LM-head parameter (2 · 32000 · 8192)
        SizingResult adam = SizingEngine.size(SizingInput.builder(Workload.LORA_FINE_TUNING).model(llama65)
                .precision(Precision.BF16).quantization(Quantization.NF4_DOUBLE_QUANT).loraRank(64)
                .trainingMode(TrainingMode.AMP).activationRecompute(ActivationRecompute.FULL).sequenceLength(512)
                .build());
        assertThat(adam.perGpu().totalGiB() - r.perGpu().totalGiB())
                .isCloseTo((8.0 * 799_539_200 - 2.0 * 2 * 32000 * 8192) / GIB, within(1e-9));
    }

    // ------------------------------------------------------------------------------------------------ HF prefill

    @Test
    void hf_generate_prefill_follows_the_model_family() {
        // GLM-4-9B at 32,000 tokens: I 13696, h 4096: native peak 32000 · (6 · 13696 + 8 · 4096) B, × 2.4 for GLM's
        // remote code; plus the last token's logits (V · 6 B) and the 0.5 GiB CUDA context
        SizingResult glm = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).preset("glm-4-9b")
                .precision(Precision.BF16).sequenceLength(32_000).servingEngine(ServingEngine.HF_GENERATE).build());
        double nativePeak = 32_000.0 * (6 * 13_696 + 8 * 4096);
        assertThat(glm.perGpu().frameworkGiB())
                .isCloseTo(0.5 + (nativePeak * 2.4 + 151_552.0 * 6) / GIB, within(1e-9));
        assertThat(glm.notes()).extracting(Note::code).doesNotContain(NoteCodes.PREFILL_FAMILY_UNKNOWN);
        // the same figures given explicitly: the code is unknown, the larger bound is taken and said
        ModelInput explicit = ModelInput.explicit(9_399_951_360L, 40, 4096, 32, 2, 151_552, null)
                .withIntermediateSize(13_696, false);
        SizingResult unknown = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).model(explicit)
                .precision(Precision.BF16).sequenceLength(32_000).servingEngine(ServingEngine.HF_GENERATE).build());
        assertThat(unknown.perGpu().frameworkGiB()).isCloseTo(glm.perGpu().frameworkGiB(), within(1e-9));
        assertThat(unknown.notes()).extracting(Note::code).contains(NoteCodes.PREFILL_FAMILY_UNKNOWN);
        // a transformers-native family: × 1
        SizingResult qwen = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).preset("qwen2.5-7b")
                .precision(Precision.BF16).sequenceLength(32_000).servingEngine(ServingEngine.HF_GENERATE).build());
        assertThat(qwen.perGpu().frameworkGiB()).isCloseTo(0.5 + (32_000.0 * (6 * 18_944 + 8 * 3584)
                + 152_064.0 * 6) / GIB, within(1e-9));
    }

    // ------------------------------------------------------------------------------------------------ host RAM

    @Test
    void hf_generate_holds_the_weights_in_host_memory_while_loading() {
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).preset("glm-4-9b")
                .precision(Precision.BF16).sequenceLength(1000).servingEngine(ServingEngine.HF_GENERATE).build());
        double weights = 9_399_951_360.0 * 2 / GIB;
        assertThat(r.host().modelLoadingGiB()).isCloseTo(weights, within(1e-9));
        // page cache + the loaded copy + the OS reserve: above the vendor's 32 GB minimum
        assertThat(r.host().totalGiB()).isCloseTo(2 * weights + 8, within(1e-9)).isGreaterThan(32);
        // vLLM loads straight to the GPU: no host copy
        SizingResult vllm = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).preset("glm-4-9b")
                .precision(Precision.BF16).sequenceLength(1000).build());
        assertThat(vllm.host().modelLoadingGiB()).isZero();
    }
}
