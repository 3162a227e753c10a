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
    void inference_overhead_is_a_fifth_of_weights_and_total_sums_terms() {
        SizingResult r = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192));
        SizingResult.PerGpu g = r.perGpu();
        assertThat(g.overheadGiB()).isCloseTo(0.2 * g.weightsGiB(), within(1e-9));
        assertThat(g.totalGiB()).isCloseTo(g.weightsGiB() * 1.2 + 1.0, within(1e-9));
        assertThat(g.gradientsGiB()).isZero();
        assertThat(g.optimizerStatesGiB()).isZero();
        assertThat(g.activationsGiB()).isZero();
    }

    @Test
    void kv_cache_precision_defaults_to_2_bytes_for_int8_and_int4_and_to_the_weights_otherwise() {
        double bf16 = size(Inputs.inference("llama-3-8b", Precision.BF16, 8192)).perGpu().kvCacheGiB();
        SizingResult int4 = size(Inputs.inference("llama-3-8b", Precision.INT4, 8192));
        assertThat(int4.perGpu().kvCacheGiB()).isEqualTo(bf16);
        assertThat(int4.perGpu().weightsGiB()).isCloseTo(8_030_261_248.0 * 0.5 / GIB, within(1e-9));
        assertThat(int4.notes()).extracting(Note::code).contains(NoteCodes.KV_CACHE_16BIT);
        assertThat(size(Inputs.inference("llama-3-8b", Precision.FP8, 8192)).perGpu().kvCacheGiB())
                .isCloseTo(bf16 / 2, within(1e-12));
        assertThat(size(Inputs.inference("llama-3-8b", Precision.INT8, 8192).kvCachePrecision(Precision.FP8))
                .perGpu().kvCacheGiB()).isCloseTo(bf16 / 2, within(1e-12));
        assertThat(size(Inputs.inference("llama-3-8b", Precision.FP32, 8192)).perGpu().kvCacheGiB())
                .isCloseTo(bf16 * 2, within(1e-12));
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

    private static double modelStates(int stage) {
        SizingResult r = size(Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 1)
                .optimizer(Optimizer.ADAMW).gpuCount(64).zeroStage(stage));
        SizingResult.PerGpu g = r.perGpu();
        return g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB();
    }

    @Test
    void zero_paper_model_states_for_7_5b_on_64_gpus() {
        assertThat(modelStates(0)).isCloseTo(111.76, withinPercentage(0.5));
        assertThat(modelStates(1)).isCloseTo(29.25, withinPercentage(0.5));
        assertThat(modelStates(2)).isCloseTo(15.50, withinPercentage(0.5));
        assertThat(modelStates(3)).isCloseTo(1.746, withinPercentage(0.5));
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
        return size(Inputs.training(Inputs.gpt(7_000_000_000L), precision, 4096).activationRecompute(rc))
                .perGpu().activationsGiB();
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
        assertThat(g.totalGiB()).isCloseTo(g.weightsGiB() + g.gradientsGiB() + g.optimizerStatesGiB()
                + g.activationsGiB() + g.buffersGiB() + 1.0, within(1e-9));
        assertThat(g.totalGiB()).isCloseTo(1.746 + 1.0 + 1.0 + 4.0 * 12 * 4096 * 4096 / GIB, withinPercentage(0.5));
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
