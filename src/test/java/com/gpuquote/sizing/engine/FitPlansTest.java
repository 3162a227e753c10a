package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.Suggestion.Change;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static com.gpuquote.sizing.engine.Inputs.GIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

/**
 * Issue 12: full training with the defaults (ZeRO 0, no recompute) fits nothing, and no single change is enough; the
 * what-ifs are then plans that combine changes until the workload fits, each priced by re-ranking the catalog.
 */
class FitPlansTest {

    private static final RatioPolicy POLICY = RatioPolicy.defaults();

    private static CandidateInstance hourly(String code, int gpus, double vram, double ram, String price) {
        return new CandidateInstance(code, "GPU-" + (int) vram, gpus, vram, 8 * gpus, ram, BillingMode.HOURLY,
                new BigDecimal(price), "CNY");
    }

    // 8 × 80 GiB (72 usable at 0.9) for 40 an hour; 8 × 24 GiB (21.6 usable) for 12 an hour = 8,760.00 a month
    private static final List<CandidateInstance> CATALOG = List.of(hourly("big", 8, 80, 2048, "40"),
            hourly("small", 8, 24, 1024, "12"));

    /**
     * 7.5B GPT (L 32, h 4096, a 32), BF16, s 4096, B 1, 8 GPUs, ZeRO 0, no recompute (docs/sizing-model.md), in
     * the ZeRO paper's accounting (16-bit gradients) with eager attention, as engine v1 sized it:
     * model states 16 · 7.5e9 B = 111.76 GiB, activations 97.0 GiB, overhead 1 GiB: 209.76 GiB per GPU.
     */
    private static SizingInput fullTraining() {
        return Inputs.training(Inputs.gpt(7_500_000_000L), Precision.BF16, 4096).gpuCount(8)
                .trainingMode(TrainingMode.AMP_16BIT_GRADIENTS).attention(Attention.EAGER).build();
    }

    @Test
    void whenNoSingleChangeFitsThePlansCombineChangesUntilTheCheapestInstanceFits() {
        Recommendation rec = Recommender.recommend(fullTraining(), CATALOG, POLICY);
        assertThat(rec.sizing().perGpu().totalGiB()).isCloseTo(209.76, within(0.01));
        assertThat(rec.candidates()).isEmpty();
        // Hand-computed per GPU (GiB): 2P = 13.970 (weights, BF16), 12P = 83.82 (AdamW states), 4·LL = 0.75
        // (ZeRO-3 buffers, LL = 12h²), activations 97.0 / 17.0 / 1.0 (none / selective / full), overhead 1; ZeRO's
        // buckets at DeepSpeed's defaults: stages 1–2 (5e8 + 5e8) · 2 B = 1.8626, stage 3 (5e8 + 1e9 + 5e7) · 2 B
        // = 2.8871. Each plan is the cheapest fit of its family ("small", 21.6 GiB usable), the mildest of equally
        // cheap ones; selective recompute fits no "small" any more, and two "small" (16 GPUs) beat one "big".
        assertThat(rec.suggestions()).extracting(Suggestion::code, Suggestion::instanceType, Suggestion::monthlyPrice)
                .containsExactlyInAnyOrder(
                        tuple(NoteCodes.ZERO_1, "small", new BigDecimal("8760.00")),
                        tuple(NoteCodes.ZERO_2, "small", new BigDecimal("8760.00")),
                        tuple(NoteCodes.ZERO_3, "small", new BigDecimal("8760.00")),
                        tuple(NoteCodes.SELECTIVE_RECOMPUTE, "big", new BigDecimal("29200.00")),
                        tuple(NoteCodes.PARAM_OFFLOAD, "small", new BigDecimal("8760.00")),
                        tuple(NoteCodes.MORE_GPUS, "small", new BigDecimal("17520.00")),
                        tuple(NoteCodes.LORA, "small", new BigDecimal("8760.00")));
        double zero3 = (5e8 + 1e9 + 5e7) * 2 / GIB;
        double zero12 = (5e8 + 5e8) * 2 / GIB;
        // ZeRO-3 over 8 (111.76 / 8 = 13.970) + buffers 0.75 + full recompute 1.0 + overhead 1 + the one layer being
        // recomputed, 4096 · (34 · 4096 + 5 · 32 · 4096) B = 3.03125 GiB, + 2.887 buckets = 22.64: above 21.6, so
        // the optimizer goes to the host too: weights 2P / 8 = 1.746 + 0.75 + 1 + 3.03125 + 1 + 2.887
        assertThat(plan(rec, NoteCodes.ZERO_3).changes()).containsExactlyInAnyOrder(new Change("zeroStage", "3"),
                new Change("activationRecompute", "FULL"), new Change("offload", "OPTIMIZER"));
        assertThat(plan(rec, NoteCodes.ZERO_3).perGpuTotalGiB())
                .isCloseTo(15e9 / 8 / GIB + 0.75 + 1 + 3.03125 + 1 + zero3, within(0.001));
        // ZeRO-1 alone leaves 13.970 + 13.970 + 10.477 + 97 + 1: it needs the optimizer on the host and full
        // recompute to get to 13.970 + 1 + 1 = 15.97 GiB, + 3.03125 GiB recompute working set + the buckets
        assertThat(plan(rec, NoteCodes.ZERO_1).changes()).containsExactlyInAnyOrder(new Change("zeroStage", "1"),
                new Change("activationRecompute", "FULL"), new Change("offload", "OPTIMIZER"));
        assertThat(plan(rec, NoteCodes.ZERO_1).perGpuTotalGiB()).isCloseTo(15.97 + 3.03125 + zero12, within(0.001));
        // everything offloaded with selective recompute would be 0.75 + 17 + 1 + 2.887 = 21.64 (above 21.6): full
        // recompute, 0.75 + 1 + 3.03125 + 1 + 2.887
        assertThat(plan(rec, NoteCodes.PARAM_OFFLOAD).perGpuTotalGiB())
                .isCloseTo(0.75 + 1 + 3.03125 + 1 + zero3, within(0.001));
        // 16 GPUs: ZeRO-3 weights, gradients and states 16P / 16 = 6.985 + 0.75 + 1 + 3.03125 + 1 + 2.887
        assertThat(plan(rec, NoteCodes.MORE_GPUS).perGpuTotalGiB())
                .isCloseTo(16 * 7.5e9 / 16 / GIB + 0.75 + 1 + 3.03125 + 1 + zero3, within(0.001));
        // LoRA (r 16): frozen base 13.970 + T = 32·16·(6·4096 + 2·4096) = 16,777,216 adapters × 16 B = 0.25 + full
        // recompute 1 (+ 3.03125 working set) + overhead 1 = 19.25
        assertThat(plan(rec, NoteCodes.LORA).changes()).containsExactly(new Change("workload", "LORA_FINE_TUNING"),
                new Change("activationRecompute", "FULL"));
        assertThat(plan(rec, NoteCodes.LORA).perGpuTotalGiB()).isCloseTo(16.22 + 3.03125, within(0.001));
        for (Suggestion s : rec.suggestions()) {
            // applying a plan gives exactly the shown fit: the plan is the engine's own result, not a text
            Recommendation applied = Recommender.recommend(s.input(), CATALOG, POLICY);
            assertThat(applied.candidates()).isNotEmpty();
            assertThat(applied.candidates().get(0).instanceType()).isEqualTo(s.instanceType());
            assertThat(applied.candidates().get(0).monthlyPrice()).isEqualTo(s.monthlyPrice());
            assertThat(applied.candidates().get(0).perGpuTotalGiB()).isEqualTo(s.perGpuTotalGiB());
            assertThat(s.hostRamGiB()).isEqualTo(applied.candidates().get(0).ramNeedGiB());
            assertThat(s.instances()).isEqualTo(NoteCodes.MORE_GPUS.equals(s.code()) ? 2 : 1);
            assertThat(s.messageKey()).isEqualTo(Suggestion.PLAN_MESSAGE_KEY);
            assertThat(s.message()).contains(s.instanceType()).contains(s.monthlyPrice().toPlainString())
                    .contains("host RAM per node");
        }
    }

    @Test
    void moreGpusIsAPlanWhenItIsTheCheaperWay() {
        // only 1-GPU 80 GiB instances: 7.5B inference in BF16 needs 13.97 + 20 % = 16.76 GiB plus KV cache; with a
        // 64k-token context and 16 concurrent sequences the KV cache alone is far above one GPU, so nothing fits
        // on 1 GPU; INT8/INT4 alone are not enough either
        SizingInput in = SizingInput.builder(Workload.INFERENCE).model(Inputs.gpt(7_500_000_000L))
                .precision(Precision.BF16).sequenceLength(65_536).microBatchSize(16).gpuCount(1).build();
        List<CandidateInstance> catalog = List.of(hourly("one", 1, 80, 256, "10"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).isEmpty();
        assertThat(rec.suggestions()).isNotEmpty().allSatisfy(s -> {
            Recommendation applied = Recommender.recommend(s.input(), catalog, POLICY);
            assertThat(applied.candidates().get(0).monthlyPrice()).isEqualTo(s.monthlyPrice());
        });
        assertThat(rec.suggestions()).extracting(Suggestion::code).contains(NoteCodes.MORE_GPUS);
    }

    @Test
    void nothingIsProposedWhenNoCombinationFits() {
        List<CandidateInstance> tiny = List.of(hourly("tiny", 8, 1, 1024, "1"));
        Recommendation rec = Recommender.recommend(fullTraining(), tiny, POLICY);
        assertThat(rec.candidates()).isEmpty();
        assertThat(rec.suggestions()).isEmpty();
    }

    private static Suggestion plan(Recommendation rec, String code) {
        return rec.suggestions().stream().filter(s -> s.code().equals(code)).findFirst().orElseThrow();
    }
}
