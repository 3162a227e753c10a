package com.gpuquote.sizing.engine;

import static com.gpuquote.sizing.engine.Inputs.GIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

/** Published reference figures (tolerance 0.5 %) and formula cases computed by hand. */
class SizingFormulaTest {

    private static SizingResult size(SizingInput.Builder b) {
        return SizingEngine.size(b.build());
    }

    // ---------------------------------------------------------------- inference

    @Test
    void llama2_7b_fp16_weights_are_12_551_gib() {
        SizingResult r = size(Inputs.inference("llama-2-7b", Precision.FP16, 1));
        assertThat(r.perGpu().weightsGiB()).isCloseTo(12.551, withinPercentage(0.5));
        assertThat(r.perGpu().weightsGiB() * GIB).isCloseTo(13_476_831_232.0, within(1.0));
        assertThat(r.perGpu().weightsGiB() * GIB / 1e9).isCloseTo(13.48, withinPercentage(0.5));
    }

    @Test
    void llama3_8b_bf16_kv_cache_is_1_gib_at_8192_tokens_and_128_kib_per_token() {
        SizingResult r = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192));
        assertThat(r.perGpu().kvCacheGiB()).isCloseTo(1.000, withinPercentage(0.5));
        SizingResult oneToken = size(Inputs.inference("llama-3-8b", Precision.BF16, 1));
        assertThat(oneToken.perGpu().kvCacheGiB() * GIB).isCloseTo(131_072.0, within(1e-6));
    }

    @Test
    void llama2_7b_fp16_kv_per_token_is_512_kib() {
        SizingResult r = size(Inputs.inference("llama-2-7b", Precision.FP16, 1));
        assertThat(r.perGpu().kvCacheGiB() * GIB).isCloseTo(524_288.0, within(1e-6));
    }

    @Test
    void kv_cache_scales_with_batch_and_divides_over_tensor_parallel_gpus() {
        SizingResult r = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192).microBatchSize(4).gpuCount(2));
        assertThat(r.perGpu().kvCacheGiB()).isCloseTo(2.0, within(1e-9));
        assertThat(r.perGpu().weightsGiB()).isCloseTo(8_030_261_248.0 * 2 / 2 / GIB, within(1e-9));
    }

    @Test
    void inference_has_a_per_gpu_framework_cost_instead_of_a_fifth_of_the_weights() {
        // issue 13: no ×1.2 rule; HF generate = CUDA context (0.5 GiB) + the prefill peak of one layer's MLP
        // (s·(6I + 8h) bytes) + the last token's logits (V · 6 bytes), on llama-3-8b with 8192 tokens
        SizingResult r = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192)
                .servingEngine(ServingEngine.HF_GENERATE));
        SizingResult.PerGpu g = r.perGpu();
        double peak = 8192.0 * (6 * 14336 + 8 * 4096) + 128_256.0 * 6;
        assertThat(g.frameworkGiB()).isCloseTo(0.5 + peak / GIB, within(1e-9));
        assertThat(g.overheadGiB()).isZero();
        assertThat(g.totalGiB()).isCloseTo(g.weightsGiB() + g.kvCacheGiB() + g.frameworkGiB(), within(1e-9));
        assertThat(g.gradientsGiB()).isZero();
        assertThat(g.optimizerStatesGiB()).isZero();
        assertThat(g.activationsGiB()).isZero();
        // the framework cost does not shrink with tensor parallelism the way weights do
        SizingResult tp4 = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192).gpuCount(4));
        SizingResult tp1 = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192));
        assertThat(tp4.perGpu().weightsGiB()).isCloseTo(tp1.perGpu().weightsGiB() / 4, within(1e-9));
        assertThat(tp4.perGpu().frameworkGiB()).isGreaterThan(tp1.perGpu().frameworkGiB() / 2);
    }

    @Test
    void kv_cache_precision_defaults_to_2_bytes_for_int8_and_int4_and_to_the_weights_otherwise() {
        double bf16 = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192)).perGpu().kvCacheGiB();
        SizingResult int4 = size(Inputs.inference("llama-3-8b", Precision.INT4, 8192));
        assertThat(int4.perGpu().kvCacheGiB()).isEqualTo(bf16);
        // INT4 serving is read as AWQ (group 128: 4 + 16/128 + 4/128 bits); embedding and LM head stay 16-bit
        double emb = 2.0 * 128_256 * 4096;
        assertThat(int4.perGpu().weightsGiB())
                .isCloseTo((emb * 2 + (8_030_261_248.0 - emb) * 4.15625 / 8) / GIB, within(1e-9));
        assertThat(int4.notes()).extracting(Note::code)
                .contains(NoteCodes.KV_CACHE_16BIT, NoteCodes.QUANTIZATION_FROM_PRECISION);
        assertThat(size(Inputs.inference("llama-3-8b", Precision.FP8, 8192)).perGpu().kvCacheGiB())
                .isCloseTo(bf16 / 2, within(1e-12));
        assertThat(size(Inputs.inference("llama-3-8b", Precision.INT8, 8192).kvCachePrecision(Precision.FP8))
                .perGpu().kvCacheGiB()).isCloseTo(bf16 / 2, within(1e-12));
        assertThat(size(Inputs.inference("llama-3-8b", Precision.FP32, 8192)).perGpu().kvCacheGiB())
                .isCloseTo(bf16 * 2, within(1e-12));
    }

    @Test
    void quantized_formats_count_their_scales_and_keep_embeddings_16_bit_except_gguf() {
        double p = 8_030_261_248.0;
        double emb = 2.0 * 128_256 * 4096;
        double[][] bits = {{4 + 16.0 / 128 + 4.0 / 128, 1}, {4 + 16.0 / 128 + 4.0 / 128, 1}, {4.5, 1},
                {4 + 8.0 / 64 + 32.0 / 16384, 1}, {8, 1}, {8 + 32.0 / (128 * 128), 1}, {4.84, 0}, {8.5, 0}};
        Quantization[] qs = {Quantization.GPTQ_INT4, Quantization.AWQ_INT4, Quantization.NF4,
                Quantization.NF4_DOUBLE_QUANT, Quantization.LLM_INT8, Quantization.FP8, Quantization.GGUF_Q4_K_M,
                Quantization.GGUF_Q8_0};
        for (int i = 0; i < qs.length; i++) {
            double kept = bits[i][1] == 1 ? emb : 0;
            double expected = (kept * 2 + (p - kept) * bits[i][0] / 8) / GIB;
            assertThat(size(Inputs.inference("llama-3-8b", Precision.BF16, 1024).quantization(qs[i]))
                    .perGpu().weightsGiB()).as(qs[i].name()).isCloseTo(expected, within(1e-9));
        }
        assertThat(size(Inputs.inference("llama-3-8b", Precision.BF16, 1024).quantization(Quantization.NONE))
                .perGpu().weightsGiB()).isCloseTo(2 * p / GIB, within(1e-9));
    }

    @Test
    void mla_kv_cache_holds_one_latent_per_token_and_layer_replicated_over_tensor_parallel_gpus() {
        // deepseek-v3: 61 layers × (kv_lora_rank 512 + qk_rope_head_dim 64) × 2 bytes = 70,272 B per token
        SizingResult one = size(Inputs.inference("deepseek-v3", Precision.BF16, 1));
        assertThat(one.perGpu().kvCacheGiB() * GIB).isCloseTo(70_272.0, within(1e-6));
        SizingResult tp8 = size(Inputs.inference("deepseek-v3", Precision.BF16, 1).gpuCount(8));
        assertThat(tp8.perGpu().kvCacheGiB() * GIB).isCloseTo(70_272.0, within(1e-6));
        assertThat(tp8.activeParameters()).isEqualTo(37_552_297_472L);
        assertThat(tp8.notes()).extracting(Note::code).contains(NoteCodes.MOE_ALL_EXPERTS_RESIDENT);
    }

    @Test
    void gqa_kv_heads_are_replicated_when_tensor_parallel_gpus_exceed_them() {
        // llama-3-8b has 8 KV heads: on 16 GPUs each keeps one head per layer, 2 · 32 · 1 · 128 · 2 = 16,384 B
        SizingResult r = size(Inputs.inference("llama-3-8b", Precision.BF16, 1).gpuCount(16));
        assertThat(r.perGpu().kvCacheGiB() * GIB).isCloseTo(16_384.0, within(1e-6));
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.KV_HEADS_REPLICATED);
    }

    @Test
    void kv_heads_default_to_attention_heads() {
        ModelInput mha = ModelInput.explicit(6_738_415_616L, 32, 4096, 32, null, 32000, null);
        SizingResult r = SizingEngine.size(SizingInput.builder(Workload.INFERENCE).model(mha)
                .precision(Precision.FP16).sequenceLength(1).build());
        assertThat(r.perGpu().kvCacheGiB() * GIB).isCloseTo(524_288.0, within(1e-6));
        assertThat(r.model().kvHeads()).isEqualTo(32);
    }

    // ---------------------------------------------------------------- ZeRO model states (Rajbhandari et al., Fig. 1)

    private static double modelStates(int stage, TrainingMode mode) {
        SizingResult r = size(Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 1)
                .optimizer(Optimizer.ADAMW).gpuCount(64).zeroStage(stage).trainingMode(mode));
        SizingResult.PerGpu g = r.perGpu();
        return g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB();
    }

    @Test
    void zero_paper_model_states_for_7_5b_on_64_gpus() {
        // the paper's accounting: 16-bit gradients, 2 + 2 + 12 = 16 bytes per parameter
        assertThat(modelStates(0, TrainingMode.AMP_16BIT_GRADIENTS)).isCloseTo(111.76, withinPercentage(0.5));
        assertThat(modelStates(1, TrainingMode.AMP_16BIT_GRADIENTS)).isCloseTo(29.25, withinPercentage(0.5));
        assertThat(modelStates(2, TrainingMode.AMP_16BIT_GRADIENTS)).isCloseTo(15.50, withinPercentage(0.5));
        assertThat(modelStates(3, TrainingMode.AMP_16BIT_GRADIENTS)).isCloseTo(1.746, withinPercentage(0.5));
    }

    @Test
    void amp_counts_18_bytes_per_parameter_with_fp32_gradients_as_deepspeed_and_hf_do() {
        double psi = 7_500_000_000.0;
        assertThat(modelStates(0, TrainingMode.AMP)).isCloseTo(18 * psi / GIB, within(1e-6));
        assertThat(modelStates(1, TrainingMode.AMP)).isCloseTo((2 + 4) * psi / GIB + 12 * psi / 64 / GIB, within(1e-6));
        assertThat(modelStates(2, TrainingMode.AMP)).isCloseTo(2 * psi / GIB + 16 * psi / 64 / GIB, within(1e-6));
        // DeepSpeed estimate_zero3_model_states_mem_needs: 18 · P / N (plus the largest-layer buffer)
        assertThat(modelStates(3, TrainingMode.AMP)).isCloseTo(18 * psi / 64 / GIB, within(1e-6));
        // pure BF16: 2 + 2 + 4 (BF16 moments, no FP32 master)
        assertThat(modelStates(0, TrainingMode.PURE_BF16)).isCloseTo(8 * psi / GIB, within(1e-6));
        // FP8 (Transformer Engine): BF16 master + FP8 copy 3, BF16 gradients 2, BF16 moments 4
        assertThat(modelStates(0, TrainingMode.FP8)).isCloseTo(9 * psi / GIB, within(1e-6));
    }

    @Test
    void zero3_adds_buffers_of_four_bytes_per_largest_layer_parameter() {
        ModelInput m = ModelInput.explicit(7_500_000_000L, 32, 4096, 32, null, 50_000, null);
        SizingResult r = size(Inputs.training(m, Precision.BF16, 1).gpuCount(64).zeroStage(3));
        assertThat(r.perGpu().buffersGiB()).isCloseTo(4.0 * 50_000 * 4096 / GIB, within(1e-12));
        SizingResult noVocab = size(Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 1).gpuCount(64).zeroStage(3));
        assertThat(noVocab.perGpu().buffersGiB()).isCloseTo(4.0 * 12 * 4096 * 4096 / GIB, within(1e-12));
        assertThat(noVocab.notes()).extracting(Note::code).contains(NoteCodes.LARGEST_LAYER_ESTIMATED);
        assertThat(size(Inputs.training(m, Precision.BF16, 1).gpuCount(64).zeroStage(2)).perGpu().buffersGiB()).isZero();
    }

    @Test
    void optimizer_state_bytes_per_optimizer_and_precision() {
        long p = 1_000_000_000L;
        double[][] expected = { // mixed, fp32
                {12, 8}, {6, 2}, {8, 4}};
        Optimizer[] opts = {Optimizer.ADAMW, Optimizer.ADAMW_8BIT, Optimizer.SGD_MOMENTUM};
        for (int i = 0; i < opts.length; i++) {
            SizingResult mixed = size(Inputs.training(Inputs.gpt(p), Precision.FP16, 1).optimizer(opts[i]));
            SizingResult fp32 = size(Inputs.training(Inputs.gpt(p), Precision.FP32, 1).optimizer(opts[i]));
            assertThat(mixed.perGpu().optimizerStatesGiB() * GIB).isCloseTo(expected[i][0] * p, within(1.0));
            assertThat(fp32.perGpu().optimizerStatesGiB() * GIB).isCloseTo(expected[i][1] * p, within(1.0));
            assertThat(mixed.perGpu().weightsGiB() * GIB).isCloseTo(2.0 * p, within(1.0));
            assertThat(fp32.perGpu().weightsGiB() * GIB).isCloseTo(4.0 * p, within(1.0));
            assertThat(fp32.perGpu().gradientsGiB() * GIB).isCloseTo(4.0 * p, within(1.0));
        }
    }

    // ---------------------------------------------------------------- activations (Korthikanti et al.)

    private static double activations(ActivationRecompute rc, Precision precision) {
        return size(Inputs.training(Inputs.gpt(7_000_000_000L), precision, 4096).activationRecompute(rc)
                .attention(Attention.EAGER)).perGpu().activationsGiB();
    }

    @Test
    void korthikanti_activations_for_l32_h4096_a32_s4096() {
        assertThat(activations(ActivationRecompute.NONE, Precision.BF16)).isCloseTo(97.0, withinPercentage(0.5));
        assertThat(activations(ActivationRecompute.SELECTIVE, Precision.BF16)).isCloseTo(17.0, withinPercentage(0.5));
        assertThat(activations(ActivationRecompute.FULL, Precision.BF16)).isCloseTo(1.0, withinPercentage(0.5));
    }

    @Test
    void activations_double_in_fp32_and_do_not_shrink_with_data_parallel_gpus() {
        assertThat(activations(ActivationRecompute.SELECTIVE, Precision.FP32)).isCloseTo(34.0, within(1e-9));
        SizingResult dp = size(Inputs.training(Inputs.gpt(7_000_000_000L), Precision.BF16, 4096)
                .activationRecompute(ActivationRecompute.SELECTIVE).gpuCount(16).zeroStage(3));
        assertThat(dp.perGpu().activationsGiB()).isCloseTo(17.0, within(1e-9));
        // B scales linearly
        SizingResult b4 = size(Inputs.training(Inputs.gpt(7_000_000_000L), Precision.BF16, 4096)
                .activationRecompute(ActivationRecompute.FULL).microBatchSize(4));
        assertThat(b4.perGpu().activationsGiB()).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void training_overhead_is_one_gib_and_total_is_the_sum() {
        SizingResult r = size(Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 4096)
                .gpuCount(64).zeroStage(3).activationRecompute(ActivationRecompute.FULL));
        SizingResult.PerGpu g = r.perGpu();
        assertThat(g.overheadGiB()).isEqualTo(1.0);
        // full recompute keeps each layer's input (2h per token: 1.0 GiB) and recomputes one layer at a time:
        // its working set is that layer's activations, 34·h per token with FlashAttention (GPT block)
        assertThat(g.activationsGiB()).isCloseTo(1.0, within(1e-9));
        assertThat(g.recomputeGiB()).isCloseTo(4096.0 * 4096 * 34 / GIB, within(1e-9));
        assertThat(g.totalGiB()).isCloseTo(g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB()
                + g.activationsGiB() + g.recomputeGiB() + g.buffersGiB() + g.zeroBucketsGiB() + 1.0, within(1e-9));
        // ZeRO-3 at DeepSpeed's defaults: reduce bucket 5e8, live parameters 1e9 and prefetch 5e7 elements, 16-bit
        assertThat(g.zeroBucketsGiB()).isCloseTo((5e8 + 1e9 + 5e7) * 2 / GIB, within(1e-9));
        assertThat(g.totalGiB()).isCloseTo(18 * 7.5e9 / 64 / GIB + 1.0 + 0.53125 + 1.0
                + 4.0 * 12 * 4096 * 4096 / GIB + (5e8 + 1e9 + 5e7) * 2 / GIB, within(1e-9));
    }

    @Test
    void flash_attention_keeps_no_scores_and_eager_adds_six_bytes_per_head_and_key() {
        // llama-3-8b LoRA, s 4096: eager adds a·s·(4 + 2) bytes per token and layer (FP32 softmax + 16-bit copy)
        SizingInput.Builder b = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b")
                .precision(Precision.BF16).sequenceLength(4096);
        double flash = size(b.attention(Attention.FLASH)).perGpu().activationsGiB();
        double eager = size(b.attention(Attention.EAGER)).perGpu().activationsGiB();
        assertThat(flash).isCloseTo(32.0 * 4096 * 200_832 / GIB, within(1e-9));
        assertThat(eager - flash).isCloseTo(32.0 * 4096 * 32 * 4096 * 6 / GIB, within(1e-9));
    }

    // ---------------------------------------------------------------- offload (DeepSpeed estimators, T0_3B)

    private static final ModelInput T0_3B = ModelInput.explicit(2_783_000_000L, 24, 2048, 32, null, null, 65_798_144L);

    @Test
    void deepspeed_zero3_offload_params_and_optimizer_t0_3b() {
        SizingResult r = size(Inputs.training(T0_3B, Precision.FP16, 1).zeroStage(3)
                .offload(Offload.OPTIMIZER_AND_PARAMS));
        assertThat(r.host().offloadGiB()).isCloseTo(70.0, withinPercentage(0.5));
        SizingResult.PerGpu g = r.perGpu();
        double states = g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB() + g.buffersGiB();
        // DeepSpeed prints 0.25 (two decimals); 4 · LL = 0.245 GiB
        assertThat(states).isCloseTo(0.25, within(0.005));
        assertThat(g.weightsGiB()).isZero();
        assertThat(r.host().modelLoadingGiB()).isZero();
        assertThat(r.notes()).extracting(Note::code).contains(NoteCodes.OFFLOAD_HOST_MEMORY);
    }

    @Test
    void deepspeed_zero3_offload_optimizer_t0_3b() {
        SizingResult r = size(Inputs.training(T0_3B, Precision.FP16, 1).zeroStage(3).offload(Offload.OPTIMIZER));
        assertThat(r.host().offloadGiB()).isCloseTo(62.2, withinPercentage(0.5));
        SizingResult.PerGpu g = r.perGpu();
        assertThat(g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB() + g.buffersGiB())
                .isCloseTo(5.43, withinPercentage(0.5));
        assertThat(g.gradientsGiB()).isZero();
        assertThat(g.optimizerStatesGiB()).isZero();
    }

    @Test
    void zero3_offload_host_memory_divides_over_nodes() {
        SizingResult one = size(Inputs.training(T0_3B, Precision.FP16, 1).zeroStage(3).offload(Offload.OPTIMIZER)
                .gpuCount(16).gpusPerNode(8));
        assertThat(one.nodes()).isEqualTo(2);
        assertThat(one.host().offloadGiB()).isCloseTo(2_783_000_000.0 * 16 * 1.5 / 2 / GIB, within(1e-9));
    }

    @Test
    void zero2_optimizer_offload_host_is_params_times_max_4n_16_times_1_5() {
        SizingResult n2 = size(Inputs.training(T0_3B, Precision.FP16, 1).zeroStage(2).offload(Offload.OPTIMIZER)
                .gpuCount(2));
        assertThat(n2.host().offloadGiB()).isCloseTo(2_783_000_000.0 * 16 * 1.5 / GIB, within(1e-9));
        SizingResult n8 = size(Inputs.training(T0_3B, Precision.FP16, 1).zeroStage(1).offload(Offload.OPTIMIZER)
                .gpuCount(8));
        assertThat(n8.host().offloadGiB()).isCloseTo(2_783_000_000.0 * 32 * 1.5 / GIB, within(1e-9));
        // ZeRO-Offload keeps the 16-bit weights on the GPU, moves gradients and optimizer states
        assertThat(n8.perGpu().weightsGiB()).isCloseTo(2 * 2_783_000_000.0 / GIB, within(1e-9));
        assertThat(n8.perGpu().gradientsGiB()).isZero();
        assertThat(n8.perGpu().optimizerStatesGiB()).isZero();
    }
}
