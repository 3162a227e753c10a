package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecommenderTest {

    private static final RatioPolicy POLICY = RatioPolicy.defaults();

    private static CandidateInstance inst(String code, int gpus, double vram, double ram, BillingMode mode, String price) {
        return new CandidateInstance(code, "GPU-" + (int) vram, gpus, vram, 8 * gpus, ram, mode, new BigDecimal(price), "CNY");
    }

    private static CandidateInstance hourly(String code, int gpus, double vram, double ram, String price) {
        return inst(code, gpus, vram, ram, BillingMode.HOURLY, price);
    }

    /** llama-2-7b FP16, s 4096: 16.74 GiB per GPU, 20.55 GiB host (see assertIsLlama2InferenceSizing). */
    private static SizingInput llama2Inference() {
        // no vLLM swap space, so the host need is the checkpoint (12.55 GiB) plus the 8 GiB OS reserve = 20.55 GiB
        return Inputs.inference("llama-2-7b", Precision.FP16, 4096).gpuCount(1).swapSpaceGiB(0.0).build();
    }

    /**
     * llama-2-7b FP16, s 4096, one sequence, one GPU, written out by hand from docs/sizing-model.md (not by the
     * engine): weights 6,738,415,616 · 2 B = 12.5513 GiB; KV 2 · 32 layers · 4096 · 2 B = 524,288 B per token · 4096
     * = 2 GiB; vLLM framework 0.5 GiB CUDA context + activation peak 8192 · (6 · 11008 + 4 · 4096) + 2 · 256 · 32000 · 4
     * = 740,818,944 B = 0.6899 GiB + 1 GiB of CUDA graphs (on by default); host: the 12.55 GiB checkpoint + 8 GiB
     * reserve.
     */
    private static void assertIsLlama2InferenceSizing(SizingResult sizing) {
        double weights = 6_738_415_616L * 2 / Math.pow(2, 30);
        double activationPeak = (8192.0 * (6 * 11008 + 4 * 4096) + 2.0 * 256 * 32000 * 4) / Math.pow(2, 30);
        assertThat(sizing.perGpu().weightsGiB()).isCloseTo(weights, within(1e-6));
        assertThat(sizing.perGpu().kvCacheGiB()).isCloseTo(2.0, within(1e-9));
        assertThat(sizing.perGpu().totalGiB()).isCloseTo(weights + 2.0 + 0.5 + activationPeak + 1.0, within(1e-6));
        assertThat(sizing.host().totalGiB()).isCloseTo(weights + 8, within(1e-6));
    }

    // ---------------------------------------------------------------- prices

    @Test
    void monthly_price_per_billing_mode_rounded_half_up_once() {
        BigDecimal h = Recommender.DEFAULT_HOURS_PER_MONTH;
        assertThat(Recommender.monthlyPrice(hourly("x", 1, 24, 32, "1.2345"), h, 1)).isEqualByComparingTo("901.19");
        assertThat(Recommender.monthlyPrice(inst("x", 1, 24, 32, BillingMode.SPOT, "1.2345"), h, 2))
                .isEqualByComparingTo("1802.37");
        assertThat(Recommender.monthlyPrice(inst("x", 1, 24, 32, BillingMode.MONTHLY, "99.995"), h, 1))
                .isEqualByComparingTo("100.00");
        assertThat(Recommender.monthlyPrice(inst("x", 1, 24, 32, BillingMode.YEARLY, "1000"), h, 1))
                .isEqualByComparingTo("83.33");
        // rounded after multiplying by the instances: 3000 / 12 = 250.00, not 3 × 83.33
        assertThat(Recommender.monthlyPrice(inst("x", 1, 24, 32, BillingMode.YEARLY, "1000"), h, 3))
                .isEqualByComparingTo("250.00");
        assertThat(Recommender.monthlyPrice(hourly("x", 1, 24, 32, "2"), new BigDecimal("720.5"), 1))
                .isEqualByComparingTo("1441.00");
        assertThat(Recommender.monthlyPrice(hourly("x", 1, 24, 32, "1.2345"), h, 1).scale()).isEqualTo(2);
    }

    // ---------------------------------------------------------------- fit, ratio, order

    @Test
    void fits_ranks_within_and_above_by_price_then_below_band_with_warning() {
        List<CandidateInstance> catalog = List.of(
                hourly("a10-24", 1, 24, 32, "1.2345"),          // fits, 1.33 WITHIN, 901.19
                hourly("a10-24-lowram", 1, 24, 16, "0.50"),     // RAM 16 < 20.55: no fit
                hourly("t4-16", 1, 16, 64, "0.10"),             // 16.74 > 14.4 usable: no fit
                hourly("l4-24-below", 1, 24, 22, "0.40"),       // fits, 0.92 BELOW, 292.00
                inst("a100-80", 1, 80, 240, BillingMode.MONTHLY, "5000"), // fits, 3.0 ABOVE
                inst("a10-24-year", 1, 24, 48, BillingMode.YEARLY, "6000")); // fits, 2.0 WITHIN (inclusive), 500.00
        Recommendation rec = Recommender.recommend(llama2Inference(), catalog, POLICY);
        assertThat(rec.candidates())
                .extracting(RankedCandidate::instanceType, RankedCandidate::ratioStatus, RankedCandidate::monthlyPrice)
                .containsExactly(
                        tuple("a10-24-year", RatioStatus.WITHIN, new BigDecimal("500.00")),
                        tuple("a10-24", RatioStatus.WITHIN, new BigDecimal("901.19")),
                        tuple("a100-80", RatioStatus.ABOVE, new BigDecimal("5000.00")),
                        tuple("l4-24-below", RatioStatus.BELOW, new BigDecimal("292.00")));
        RankedCandidate below = rec.candidates().get(3);
        assertThat(below.warnings()).extracting(Note::code).containsExactly(NoteCodes.RATIO_BELOW_BAND);
        assertThat(rec.candidates().get(0).warnings()).isEmpty();
        RankedCandidate a10 = rec.candidates().get(1);
        assertThat(a10.ramToVramRatio()).isCloseTo(32.0 / 24, within(1e-12));
        assertThat(a10.ramNeedGiB()).isCloseTo(rec.sizing().host().totalGiB(), within(1e-12));
        assertThat(a10.vramUsedPct()).isCloseTo(100 * rec.sizing().perGpu().totalGiB() / 24, within(1e-9));
        assertThat(a10.instances()).isEqualTo(1);
        assertThat(a10.unitPrice()).isEqualByComparingTo("1.2345");
        assertIsLlama2InferenceSizing(rec.sizing());
    }

    @Test
    void vram_fit_uses_the_usable_fraction_and_ram_fit_is_inclusive() {
        SizingInput in = Inputs.general(17, 10).gpuCount(1).build(); // 18 GiB per GPU, 18 GiB host
        List<CandidateInstance> catalog = List.of(
                hourly("exact", 1, 20, 40, "1"),          // 0.9 × 20 = 18
                hourly("short", 1, 19.99, 40, "0.5"),
                hourly("ram-exact", 1, 40, 18, "2"),
                hourly("ram-short", 1, 40, 17.99, "0.1"));
        assertThat(Recommender.recommend(in, catalog, POLICY).candidates()).extracting(RankedCandidate::instanceType)
                .containsExactly("exact", "ram-exact");
        assertThat(Recommender.recommend(in, catalog, POLICY.withUsableVramFraction(0.4)).candidates()).isEmpty();
    }

    @Test
    void instances_are_ceil_of_gpus_over_gpus_per_instance() {
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).gpuCount(8).build();
        List<CandidateInstance> catalog = List.of(hourly("h100x8", 8, 80, 1280, "20"), hourly("h100x1", 1, 80, 160, "3"),
                hourly("h100x3", 3, 80, 480, "8"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::instances,
                        RankedCandidate::gpuCount, RankedCandidate::monthlyPrice)
                .containsExactly(
                        tuple("h100x8", 1, 8, new BigDecimal("14600.00")),
                        // equal price: fewer instances first (issue 15)
                        tuple("h100x3", 3, 8, new BigDecimal("17520.00")),
                        tuple("h100x1", 8, 8, new BigDecimal("17520.00")));
        // 128.5 GiB of weights fit no single instance of 1 or 3 GPUs: pipeline stages across the instances
        assertThat(rec.candidates().get(1).warnings()).extracting(Note::code)
                .contains(NoteCodes.PIPELINE_ACROSS_INSTANCES);
    }

    @Test
    void auto_gpu_count_keeps_the_cheapest_fitting_count_per_instance_type() {
        // llama-2-70b BF16, 10 sequences of 4096 tokens: weights 128.5 GiB on 1 GPU, 64.2 on 2, 32.1 on 4, plus
        // 12.5 / 6.25 / 3.1 GiB KV cache and the vLLM framework cost: above 72 GiB (usable of 80) on 2 GPUs
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).microBatchSize(10).build();
        List<CandidateInstance> catalog = List.of(hourly("h100x8", 8, 80, 1280, "20"), hourly("h100x1", 1, 80, 160, "3"),
                hourly("h200x1", 1, 141, 282, "4.5"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::gpuCount,
                        RankedCandidate::instances, RankedCandidate::monthlyPrice)
                .containsExactly(
                        tuple("h200x1", 2, 2, new BigDecimal("6570.00")),
                        tuple("h100x1", 4, 4, new BigDecimal("8760.00")),
                        tuple("h100x8", 8, 1, new BigDecimal("14600.00"))); // 2 replicas of the 4-GPU group
        assertThat(rec.sizing().gpuCount()).isEqualTo(2);
        assertThat(rec.sizing().gpusPerNode()).isEqualTo(1);
        // by hand from docs/sizing-model.md (INFERENCE, vLLM, tensor parallel over N = 2), llama-2-70b (P 68,976,648,192,
        // L 80, h 8192, kv 8, d 128, I 28672, V 32000): weights 68,976,648,192 · 2 B / 2 = 64.2395 GiB; KV per token
        // 2 · 80 · (8 / 2) · 128 · 2 B = 163,840 B · 4096 · 10 sequences = 6.25 GiB; framework 0.5 GiB CUDA context
        // + 0.25 GiB NCCL (N > 1) + activation peak 8192 · (6 · 28672 / 2 + 4 · 8192) + 2 · 256 · 32000 · 4
        // = 1,038,614,528 B = 0.9673 GiB + 1 GiB CUDA graphs; total 73.2068 GiB: above 72 (0.9 × 80), below 0.9 × 141
        double twoGpuTotal = 68_976_648_192L * 2 / 2 / Math.pow(2, 30) + 6.25 + 0.5 + 0.25 + 1_038_614_528 / Math.pow(2, 30)
                + 1.0;
        assertThat(twoGpuTotal).isCloseTo(73.2068, within(1e-4));
        assertThat(rec.candidates().get(0).perGpuTotalGiB()).isCloseTo(twoGpuTotal, within(1e-9))
                .isGreaterThan(72).isLessThan(0.9 * 141);
    }

    @Test
    void max_candidates_truncates_after_ordering() {
        List<CandidateInstance> catalog = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            catalog.add(hourly("t" + i, 1, 24, 32, String.valueOf(100 - i)));
        }
        Recommendation rec = Recommender.recommend(llama2Inference(), catalog, null, 3, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("t49", "t48", "t47");
        assertThat(Recommender.recommend(llama2Inference(), catalog, POLICY).candidates()).hasSize(10);
    }

    @Test
    void spot_candidates_carry_a_warning_and_equal_prices_order_by_code() {
        List<CandidateInstance> catalog = List.of(inst("b", 1, 24, 32, BillingMode.SPOT, "1"),
                inst("a", 1, 24, 32, BillingMode.HOURLY, "1"));
        Recommendation rec = Recommender.recommend(llama2Inference(), catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("a", "b");
        assertThat(rec.candidates().get(1).warnings()).extracting(Note::code).containsExactly(NoteCodes.SPOT_INTERRUPTIBLE);
    }

    @Test
    void nothing_fits_still_returns_the_sizing() {
        Recommendation rec = Recommender.recommend(llama2Inference(), List.of(hourly("t4", 1, 16, 64, "1")), POLICY);
        assertThat(rec.candidates()).isEmpty();
        assertIsLlama2InferenceSizing(rec.sizing());
    }

    // ---------------------------------------------------------------- suggestions

    @Test
    void vram_short_training_suggests_zero3_and_optimizer_offload_with_their_prices() {
        SizingInput in = Inputs.training(ModelInput.preset("llama-3-8b"), Precision.BF16, 1024).gpuCount(8).build();
        List<CandidateInstance> catalog = List.of(hourly("h100x8", 8, 80, 2048, "20"), hourly("h100x1", 1, 80, 256, "3"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).isEmpty();
        assertThat(rec.suggestions()).extracting(Suggestion::code)
                .containsExactlyInAnyOrder(NoteCodes.ZERO_3, NoteCodes.OPTIMIZER_OFFLOAD);
        for (Suggestion s : rec.suggestions()) {
            SizingInput changed = s.code().equals(NoteCodes.ZERO_3) ? in.toBuilder().zeroStage(3).build()
                    : in.toBuilder().zeroStage(2).offload(Offload.OPTIMIZER).build();
            RankedCandidate top = Recommender.recommend(changed, catalog, POLICY).candidates().get(0);
            assertThat(s.monthlyPrice()).isEqualTo(top.monthlyPrice());
            assertThat(s.instanceType()).isEqualTo(top.instanceType());
            assertThat(s.perGpuTotalGiB()).isEqualTo(top.perGpuTotalGiB());
            assertThat(s.perGpuTotalGiB()).isLessThan(rec.sizing().perGpu().totalGiB());
            assertThat(s.message()).contains(top.instanceType()).contains(top.monthlyPrice().toPlainString());
            assertThat(s.messageKey()).isEqualTo("sizing.suggestion." + s.code());
        }
    }

    @Test
    void vram_short_training_suggests_selective_and_full_recompute_with_their_sizes() {
        // 7.5B model (L 32, h 4096, a 32), s 4096, B 1, BF16, eager attention, on 8 GPUs, ZeRO-3 with everything
        // offloaded: per GPU 97 GiB activations (no recompute) + 0.75 GiB buffers (4 · 12h²) + 1 GiB overhead
        // + ZeRO-3's buckets at DeepSpeed's defaults ((5e8 + 1e9 + 5e7) elements × 2 B = 2.887 GiB) = 101.637 GiB.
        // Selective recompute: 17 + 0.75 + 1 + 2.887 GiB (fits 80 GiB GPUs, usable 72, not 16 GiB ones);
        // full recompute: 1 GiB of layer inputs + one layer recomputed, 4096 · (34 · 4096 + 5 · 32 · 4096) B
        // = 3.03125 GiB, + 0.75 + 1 + 2.887 GiB (fits the 16 GiB GPUs too, usable 14.4).
        SizingInput in = Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 4096).gpuCount(8).zeroStage(3)
                .offload(Offload.OPTIMIZER_AND_PARAMS).attention(Attention.EAGER).build();
        List<CandidateInstance> catalog = List.of(hourly("h100x8", 8, 80, 2048, "20"), hourly("t4x8", 8, 16, 2048, "4"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        double buckets = (5e8 + 1e9 + 5e7) * 2 / (1024.0 * 1024 * 1024);
        assertThat(rec.sizing().perGpu().totalGiB()).isCloseTo(98.75 + buckets, within(1e-9));
        assertThat(rec.candidates()).isEmpty();
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::instanceType, Suggestion::monthlyPrice)
                .containsExactly(tuple(NoteCodes.FULL_RECOMPUTE, "t4x8", new BigDecimal("2920.00")),
                        tuple(NoteCodes.SELECTIVE_RECOMPUTE, "h100x8", new BigDecimal("14600.00")));
        Suggestion full = rec.suggestions().get(0);
        Suggestion selective = rec.suggestions().get(1);
        assertThat(full.perGpuTotalGiB()).isCloseTo(5.78125 + buckets, within(1e-9));
        assertThat(selective.perGpuTotalGiB()).isCloseTo(18.75 + buckets, within(1e-9));
        assertThat(selective.perGpuTotalGiB()).isLessThan(rec.sizing().perGpu().totalGiB());
        // the selective what-if's own sizing, by hand (see the top): 17 GiB activations + 0.75 GiB buffers + 1 GiB
        // overhead + the ZeRO-3 buckets
        assertThat(selective.perGpuTotalGiB()).isCloseTo(17 + 0.75 + 1 + buckets, within(1e-9));
        assertThat(full.message()).contains("t4x8").contains("2920.00");
        // already selective: only full recompute is left to try
        Recommendation sel = Recommender.recommend(in.toBuilder().activationRecompute(ActivationRecompute.SELECTIVE)
                .build(), catalog, POLICY);
        assertThat(sel.candidates()).extracting(RankedCandidate::instanceType).containsExactly("h100x8");
        assertThat(sel.suggestions()).extracting(Suggestion::code).containsExactly(NoteCodes.FULL_RECOMPUTE);
    }

    @Test
    void cheaper_fit_under_quantized_serving_is_suggested() {
        List<CandidateInstance> catalog = List.of(hourly("a10-24", 1, 24, 32, "1.2345"), hourly("t4-16", 1, 16, 32, "0.5"));
        Recommendation rec = Recommender.recommend(llama2Inference(), catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("a10-24");
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::instanceType, Suggestion::monthlyPrice)
                .containsExactly(tuple(NoteCodes.INT4_SERVING, "t4-16", new BigDecimal("365.00")),
                        tuple(NoteCodes.INT8_SERVING, "t4-16", new BigDecimal("365.00")),
                        // tensor parallel over 2 GPUs: 6.3 GiB weights, 1 GiB KV and the framework cost each,
                        // two t4-16 instances
                        tuple(NoteCodes.MORE_GPUS, "t4-16", new BigDecimal("730.00")));
        Suggestion int8 = rec.suggestions().get(1);
        // by hand from docs/sizing-model.md ("Quantised weights", LLM_INT8: 8 bits, 16-bit embeddings; KV cache stays
        // BF16 for INT8): E = V · h · 2 (untied) = 32000 · 4096 · 2 = 262,144,000; W = E · 2 + (P − E) · 1
        // = 524,288,000 + 6,476,271,616 = 7,000,559,616 B = 6.5198 GiB; KV 524,288 B per token · 4096 = 2 GiB;
        // framework as FP16: 0.5 + 740,818,944 B (0.6899 GiB) activation peak + 1 GiB CUDA graphs; total 10.7097 GiB
        double int8Total = 7_000_559_616L / Math.pow(2, 30) + 2.0 + 0.5 + 740_818_944 / Math.pow(2, 30) + 1.0;
        assertThat(int8Total).isCloseTo(10.7097, within(1e-4));
        assertThat(int8.perGpuTotalGiB()).isCloseTo(int8Total, within(1e-9));
    }

    @Test
    void no_suggestion_when_nothing_is_cheaper() {
        Recommendation rec = Recommender.recommend(llama2Inference(), List.of(hourly("a10-24", 1, 24, 32, "1")), POLICY);
        assertThat(rec.suggestions()).isEmpty();
    }

    @Test
    void ram_short_suggests_larger_ram_instance_and_distributed_preprocessing() {
        SizingInput in = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-3-8b").precision(Precision.BF16)
                .sequenceLength(2048).gpuCount(1).dataset(DatasetInput.cached(200)).build();
        List<CandidateInstance> catalog = List.of(hourly("big-ram", 1, 80, 512, "5"), hourly("small-ram", 1, 80, 160, "3"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("big-ram");
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::instanceType, Suggestion::monthlyPrice)
                .containsExactly(
                        tuple(NoteCodes.DISTRIBUTED_PREPROCESSING, "small-ram", new BigDecimal("2190.00")),
                        tuple(NoteCodes.LARGER_RAM_INSTANCE, "big-ram", new BigDecimal("3650.00")));
        assertThat(rec.suggestions().get(1).message()).contains("small-ram", "160", "big-ram", "512");
        assertThat(rec.suggestions().get(0).message()).contains("Spark");
    }

    @Test
    void general_compute_short_of_host_ram_suggests_distributed_preprocessing_and_a_larger_ram_instance() {
        // 20 GiB GPU working set + 1 GiB overhead = 21 GiB per GPU; host 100 GiB working set + 8 GiB OS = 108 GiB
        SizingInput in = Inputs.general(20, 100).gpuCount(1).build();
        List<CandidateInstance> catalog = List.of(hourly("small-ram", 1, 48, 64, "2"), hourly("big-ram", 1, 48, 128, "5"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("big-ram");
        // small-ram fits once at most 64 − 8 = 56 GiB of the working set stays on the node: 2 × 730 = 1460.00
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::instanceType, Suggestion::monthlyPrice)
                .containsExactly(tuple(NoteCodes.DISTRIBUTED_WORKING_SET, "small-ram", new BigDecimal("1460.00")),
                        tuple(NoteCodes.LARGER_RAM_INSTANCE, "big-ram", new BigDecimal("3650.00")));
        Suggestion spark = rec.suggestions().get(0);
        assertThat(spark.message()).contains("Spark").contains("at most 56 GiB of the 100 GiB");
        assertThat(spark.perGpuTotalGiB()).isEqualTo(21.0);
        assertThat(spark.args()).element(4).isEqualTo(56.0);
        // nothing fits at all: the distributed what-if is still offered
        Recommendation none = Recommender.recommend(in, List.of(hourly("small-ram", 1, 48, 64, "2")), POLICY);
        assertThat(none.candidates()).isEmpty();
        assertThat(none.suggestions()).extracting(Suggestion::code).containsExactly(NoteCodes.DISTRIBUTED_WORKING_SET);
        // a working set that cannot fit any RAM-short instance gets no such suggestion
        Recommendation hopeless = Recommender.recommend(Inputs.general(20, 100).gpuCount(1).build(),
                List.of(hourly("tiny-ram", 1, 48, 8, "1")), POLICY);
        assertThat(hopeless.suggestions()).isEmpty();
    }

    @Test
    void more_gpus_is_suggested_when_the_given_count_does_not_fit() {
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).microBatchSize(10).gpuCount(2).build();
        List<CandidateInstance> catalog = List.of(hourly("h100x8", 8, 80, 1280, "20"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).isEmpty();
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::gpuCount)
                .contains(tuple(NoteCodes.MORE_GPUS, 8)); // 4 GPUs fit: 2 replicas of 4 use the 8 billed
        Suggestion more = rec.suggestions().stream().filter(s -> s.code().equals(NoteCodes.MORE_GPUS)).findFirst()
                .orElseThrow();
        assertThat(more.message()).startsWith("Use 4 GPUs");
        assertThat(more.args()).element(4).isEqualTo(4); // for translations of the same text
    }
}
