package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Plans an architect signs (docs/sizing-model.md, "Parallelism plans"): every GPU billed is used, tensor parallel is
 * weighed against replicas, and a pipeline across instances is a last resort.
 */
class BilledGpusPlanTest {

    private static final RatioPolicy POLICY = RatioPolicy.defaults();

    /** A priced instance with catalog facts (NVLink, 2,039 GB/s, 312 BF16 TFLOPS: A100-80GB-like). */
    private static CandidateInstance a100(String code, int gpus, String hourly, boolean rdma) {
        return new CandidateInstance(code, "A100-SXM4-80GB", gpus, 80, 12 * gpus, 240.0 * gpus, BillingMode.HOURLY,
                new BigDecimal(hourly), "CNY", null, 312.0, 312.0, null, 624.0, 2039, "NVLINK", 600, 100, rdma);
    }

    private static CandidateInstance l40s(String code, int gpus, String hourly) {
        return new CandidateInstance(code, "L40S-PCIE-48GB", gpus, 45, 16 * gpus, 128.0 * gpus, BillingMode.HOURLY,
                new BigDecimal(hourly), "CNY", null, 362.0, 362.0, 733.0, 733.0, 864, "PCIE", 64, 50, false);
    }

    /** GPUs the plan runs on: model-parallel groups × replicas, or data parallel ranks. */
    private static int used(RankedCandidate c) {
        Plan p = c.plan();
        return p.dataParallel() > 1 ? p.dataParallel() : p.tensorParallel() * p.pipelineParallel() * p.replicas();
    }

    private static void assertEveryGpuBilledIsUsed(Recommendation rec) {
        assertThat(rec.candidates()).isNotEmpty().allSatisfy(c -> {
            assertThat(used(c)).as(c.instanceType() + " " + c.plan()).isEqualTo(c.gpusPerInstance() * c.instances());
            assertThat(c.gpuCount()).as(c.instanceType()).isEqualTo(c.gpusPerInstance() * c.instances());
            assertThat(c.warnings()).extracting(Note::code).doesNotContain(NoteCodes.GPUS_IDLE);
        });
    }

    @Test
    void anEightBModelFillsTwoFourAndEightGpuInstancesWithReplicas() {
        // llama-3-8b BF16 (15 GiB of weights) fits one 80 GiB or 45 GiB GPU: every multi-GPU type serves replicas
        SizingInput in = Inputs.inference("llama-3-8b", Precision.BF16, 4096).build();
        List<CandidateInstance> catalog = List.of(a100("a1", 1, "10"), a100("a2", 2, "20"), a100("a4", 4, "40"),
                a100("a8", 8, "80"), l40s("l2", 2, "8"), l40s("l4", 4, "16"), l40s("l8", 8, "32"));
        Recommendation rec = Recommender.recommend(in, catalog, BigDecimal.valueOf(730), 100, POLICY);
        assertThat(rec.candidates()).hasSize(7);
        assertEveryGpuBilledIsUsed(rec);

        // the serving estimate counts every replica: 8 A100s at 8 × the price of one serve 8 × its tokens, so the cost
        // per million tokens is the same (not 8 × as with one GPU used)
        ServingPlanner.Planned served = ServingPlanner.plan(in, rec.candidates(), catalog, null, null,
                BigDecimal.valueOf(730), 100);
        RankedCandidate one = byType(rec, "a1");
        RankedCandidate eight = byType(rec, "a8");
        assertThat(one.plan()).isEqualTo(new Plan(1, 1, 1, 1, 1));
        double perMillionOne = served.performance().get(one).costPerMillionOutputTokens().doubleValue();
        double perMillionEight = served.performance().get(eight).costPerMillionOutputTokens().doubleValue();
        assertThat(perMillionEight).isLessThanOrEqualTo(perMillionOne * 1.0001);
        assertThat(served.performance().get(eight).outputTokensPerSecond())
                .isGreaterThanOrEqualTo(8 * served.performance().get(one).outputTokensPerSecond() * 0.9999);
    }

    @Test
    void aGivenGpuCountComparesTensorParallelWithReplicas() {
        // 8 GPUs given for llama-3-8b: the serving model rates 8 replicas of one GPU above tensor parallel 8 (no
        // all-reduces, and each replica's batch is capped at 256 sequences anyway), so the plan is replicas
        SizingInput in = Inputs.inference("llama-3-8b", Precision.BF16, 4096).gpuCount(8).build();
        CandidateInstance type = a100("a8", 8, "80");
        Recommendation rec = Recommender.recommend(in, List.of(type), POLICY);
        RankedCandidate c = rec.candidates().get(0);
        assertThat(c.plan().tensorParallel()).isLessThan(8);
        assertThat(c.plan().tensorParallel() * c.plan().replicas()).isEqualTo(8);
        // one TP8 replica of llama-3-8b (8.03 B parameters, 32 layers, h 4096, 32 heads × 128, 8 KV heads: KV per
        // token per GPU 2 · 32 · 1 · 128 · 2 B) at 256 sequences, 3,072 in / 1,024 out
        ServingModel.Replica tp8 = new ServingModel.Replica(8_030_261_248.0, 8_030_261_248.0, 2, 32, 4096, 4096,
                2.0 * 32 * 1 * 128 * 2, 8, 1, 312, 2039, 300, 12.5);
        double tp8TokensPerSecond = ServingModel.outputTokensPerSecond(tp8, 256, 3072, 1024);
        ServingPlanner.Planned served = ServingPlanner.plan(in, rec.candidates(), List.of(type), null, null, null, 1);
        assertThat(served.performance().get(c).outputTokensPerSecond()).isGreaterThan(tp8TokensPerSecond);
    }

    @Test
    void aOneGpuLoraJobRunsDataParallelOnTheWholeInstanceAndAGivenCountLeavesLargerInstancesOut() {
        SizingInput.Builder lora = SizingInput.builder(Workload.LORA_FINE_TUNING).model(Inputs.gpt(1_000_000_000L))
                .precision(Precision.BF16).sequenceLength(2048);
        List<CandidateInstance> catalog = List.of(a100("a1", 1, "10"), a100("a4", 4, "40"), a100("a8", 8, "80"));
        Recommendation auto = Recommender.recommend(lora.build(), catalog, POLICY);
        assertThat(auto.candidates()).extracting(RankedCandidate::instanceType, c -> c.plan().dataParallel())
                .containsExactly(tuple("a1", 1), tuple("a4", 4), tuple("a8", 8));
        assertEveryGpuBilledIsUsed(auto);

        Recommendation given = Recommender.recommend(lora.gpuCount(1).build(), catalog, POLICY);
        assertThat(given.candidates()).extracting(RankedCandidate::instanceType).containsExactly("a1");
        assertThat(given.excluded()).containsExactly(new Excluded(ExclusionReason.MORE_GPUS_THAN_REQUESTED, 2));
    }

    @Test
    void aPipelineWithoutRdmaIsLeftOutWhereOneInstanceHoldsTheModel() {
        // llama-2-70b BF16, 10 sequences of 4,096 tokens needs 4 × 80 GiB (RecommenderTest): two 2-GPU instances
        // (2 × 4.00 = 8.00 an hour) would pipeline over Ethernet; one 4-GPU instance at 10.00 holds it
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).microBatchSize(10).build();
        Recommendation rec = Recommender.recommend(in, List.of(a100("eth2", 2, "4"), a100("one4", 4, "10")), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("one4");
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.PIPELINE_WITHOUT_RDMA, 1));
    }

    @Test
    void aPipelineOverRdmaRanksBelowASingleInstanceWithinTenPercentOfItsPrice() {
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).microBatchSize(10).build();
        // 2 × 4.60 = 9.20 an hour: 8 % below the single instance's 10.00, so still after it
        Recommendation close = Recommender.recommend(in, List.of(a100("ib2", 2, "4.60", true), a100("one4", 4, "10")),
                POLICY);
        assertThat(close.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::instances)
                .containsExactly(tuple("one4", 1), tuple("ib2", 2));
        // 2 × 4.40 = 8.80: 12 % below, cheaper by more than the margin, so first (and said)
        Recommendation cheap = Recommender.recommend(in, List.of(a100("ib2", 2, "4.40", true), a100("one4", 4, "10")),
                POLICY);
        assertThat(cheap.candidates()).extracting(RankedCandidate::instanceType).containsExactly("ib2", "one4");
        assertThat(cheap.candidates().get(0).warnings()).extracting(Note::code)
                .contains(NoteCodes.PIPELINE_ACROSS_INSTANCES);
        assertThat(cheap.candidates().get(0).monthlyPrice()).isEqualByComparingTo("6424.00"); // 8.80 × 730
    }

    private static CandidateInstance a100(String code, int gpus, String hourly) {
        return a100(code, gpus, hourly, false);
    }

    private static RankedCandidate byType(Recommendation rec, String type) {
        return rec.candidates().stream().filter(c -> c.instanceType().equals(type)).findFirst().orElseThrow();
    }
}
