package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * One test per plan and exclusion rule of issue 15 (docs/sizing-model.md, "Parallelism plans"). Expectations are
 * derived by hand from the model's heads, layers and memory (figures quoted in each test) and the catalog facts.
 */
class RecommenderPlanTest {

    private static final RatioPolicy POLICY = RatioPolicy.defaults();

    /** A priced instance with catalog facts: BF16/FP8 TFLOPS null = unsupported. */
    private static CandidateInstance gpu(String code, String model, int gpus, double vram, double ram, String hourly,
                                         Double bf16, Double fp8, String link, boolean rdma) {
        return new CandidateInstance(code, model, gpus, vram, 8 * gpus, ram, BillingMode.HOURLY, new BigDecimal(hourly),
                "CNY", null, 100.0, bf16, fp8, 100.0, 1000, link, link.equals("NVLINK") ? 600 : 64, 100, rdma);
    }

    private static CandidateInstance h100(String code, int gpus, double ram, String hourly) {
        return gpu(code, "H100-SXM5-80GB", gpus, 80, ram, hourly, 989.0, 1979.0, "NVLINK", false);
    }

    private static Plan plan(int tp, int pp, int dp, int replicas, int perReplica) {
        return new Plan(tp, pp, dp, replicas, perReplica);
    }

    @Test
    void bf16LeavesOutGpusWithoutBf16AndPricesFp16OnThem() {
        // llama-2-7b, s 4096, 1 GPU, no swap: 17.06 GiB per GPU, 20.55 GiB host (RecommenderTest)
        SizingInput in = Inputs.inference("llama-2-7b", Precision.BF16, 4096).gpuCount(1).swapSpaceGiB(0.0).build();
        List<CandidateInstance> catalog = List.of(
                gpu("v100", "V100-SXM2-32GB", 1, 32, 64, "1", null, null, "NVLINK", false),
                gpu("a100", "A100-SXM4-80GB", 1, 80, 160, "3", 312.0, null, "NVLINK", false));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("a100");
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.PRECISION_UNSUPPORTED, 1));
        // FP16 on the V100: 1.00 × 730 h = 730.00 a month, cheaper than the A100's 2,190.00
        Suggestion s = rec.suggestions().stream().filter(x -> x.code().equals(NoteCodes.PRECISION_ON_OLDER_GPU))
                .findFirst().orElseThrow();
        assertThat(s.message()).isEqualTo("FP16 on V100: v100 fits for 730.00 CNY per month.");
        assertThat(s.changes()).containsExactly(new Suggestion.Change("precision", "FP16"));
    }

    @Test
    void fp8LeavesOutGpusBeforeAdaAndHopper() {
        SizingInput in = Inputs.inference("llama-2-7b", Precision.FP8, 4096).gpuCount(1).build();
        List<CandidateInstance> catalog = List.of(
                gpu("a100", "A100-SXM4-80GB", 1, 80, 160, "3", 312.0, null, "NVLINK", false),
                h100("h100", 1, 160, "5"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("h100");
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.PRECISION_UNSUPPORTED, 1));
        assertThat(rec.suggestions()).filteredOn(x -> x.code().equals(NoteCodes.PRECISION_ON_OLDER_GPU))
                .singleElement().satisfies(s -> assertThat(s.message()).startsWith("INT8 on A100: a100 fits"));
    }

    @Test
    void fp8TrainingLeavesOutAmpere() {
        SizingInput in = Inputs.training(Inputs.gpt(1_000_000_000L), Precision.BF16, 2048)
                .trainingMode(TrainingMode.FP8).gpuCount(1).build();
        List<CandidateInstance> catalog = List.of(
                gpu("a100", "A100-SXM4-80GB", 1, 80, 160, "3", 312.0, null, "NVLINK", false),
                h100("h100", 1, 160, "5"));
        Recommendation rec = Recommender.recommend(in, catalog, POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("h100");
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.PRECISION_UNSUPPORTED, 1));
    }

    @Test
    void tensorParallelIsAPowerOfTwoDividingTheAttentionHeads() {
        // 200 B parameters in BF16: 372.5 GiB of weights, 93 GiB per GPU on 4 GPUs (above the 72 usable of 80), 46.6
        // on 8, so the group is all 8 GPUs. 64 heads: tensor parallel 8; 28 heads = 4 × 7: at most 4, and the other
        // factor 2 becomes pipeline stages inside the instance
        List<CandidateInstance> catalog = List.of(h100("h100x8", 8, 1280, "20"));
        Recommendation heads64 = Recommender.recommend(big(64, 8192, 8), catalog, POLICY);
        assertThat(heads64.candidates().get(0).plan()).isEqualTo(plan(8, 1, 1, 1, 1));
        Recommendation heads28 = Recommender.recommend(big(28, 7168, 4), catalog, POLICY);
        assertThat(heads28.candidates().get(0).plan()).isEqualTo(plan(4, 2, 1, 1, 1));
    }

    /** 200 B parameters, 60 layers, BF16, 1,024 tokens, 8 GPUs given. */
    private static SizingInput big(int heads, int hidden, int kvHeads) {
        return SizingInput.builder(Workload.INFERENCE)
                .model(ModelInput.explicit(200_000_000_000L, 60, hidden, heads, kvHeads, 32000, null))
                .precision(Precision.BF16).sequenceLength(1024).gpuCount(8).build();
    }

    @Test
    void tensorParallelAboveTheKvHeadsIsSaid() {
        // 400 B parameters, 64 heads, 8 KV heads: 745 GiB of BF16 weights, 93 GiB per GPU on 8 GPUs (above 72), 46.6
        // on 16; 16 GPUs in one instance: tensor parallel 16, each KV head on 2 GPUs
        SizingInput in = SizingInput.builder(Workload.INFERENCE)
                .model(ModelInput.explicit(400_000_000_000L, 60, 8192, 64, 8, 32000, null))
                .precision(Precision.BF16).sequenceLength(1024).gpuCount(16).build();
        Recommendation rec = Recommender.recommend(in, List.of(h100("h100x16", 16, 2560, "40")), POLICY);
        RankedCandidate c = rec.candidates().get(0);
        assertThat(c.plan()).isEqualTo(plan(16, 1, 1, 1, 1));
        assertThat(c.warnings()).filteredOn(n -> n.code().equals(NoteCodes.TP_EXCEEDS_KV_HEADS))
                .singleElement().extracting(Note::args).isEqualTo(List.of(16, 8, 2));
    }

    @Test
    void moreGpusThanOneInstanceAreReplicasWhenOneInstanceHoldsTheModel() {
        // llama-2-7b (12.6 GiB of weights) fits one 8 × 80 GiB instance many times over: 16 GPUs = 2 replicas of 8
        Recommendation rec = Recommender.recommend(
                Inputs.inference("llama-2-7b", Precision.BF16, 4096).gpuCount(16).build(),
                List.of(h100("h100x8", 8, 1280, "20")), POLICY);
        RankedCandidate c = rec.candidates().get(0);
        assertThat(c.plan()).isEqualTo(plan(8, 1, 1, 2, 1));
        assertThat(c.instances()).isEqualTo(2);
        assertThat(c.warnings()).extracting(Note::code).contains(NoteCodes.REPLICAS)
                .doesNotContain(NoteCodes.PIPELINE_ACROSS_INSTANCES);
    }

    @Test
    void pipelineAcrossInstancesOnlyWhenOneInstanceCannotHoldTheModel() {
        // llama-2-70b BF16, 10 sequences of 4096 tokens: above the 72 usable GiB per GPU on 2 GPUs, fits on 4
        // (RecommenderTest): a 4-GPU instance holds it (tensor parallel 4); 2-GPU instances need 2 of them, tensor
        // parallel 2 inside each and 2 pipeline stages across, with the cost said (1 network hop per token). Here
        // only 2-GPU instances are offered, so the pipeline is the plan.
        SizingInput in = Inputs.inference("llama-2-70b", Precision.BF16, 4096).microBatchSize(10).build();
        Recommendation rec = Recommender.recommend(in, List.of(h100("h100x2", 2, 320, "5")), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::plan)
                .containsExactly(tuple("h100x2", plan(2, 2, 1, 1, 2)));
        RankedCandidate split = rec.candidates().get(0);
        assertThat(split.warnings()).filteredOn(n -> n.code().equals(NoteCodes.PIPELINE_ACROSS_INSTANCES))
                .singleElement().extracting(Note::args).isEqualTo(List.of(2, 2, 1));
    }

    @Test
    void groupsThatPipelineStagesCannotSplitWouldNeedTensorParallelAcrossInstances() {
        // 20 B parameters in only 2 layers: 37.25 GiB of BF16 weights. 1-GPU 16 GiB instances need 4 or more GPUs,
        // i.e. 4+ stages of a 2-layer model: left out. One 80 GiB GPU holds it.
        ModelInput twoLayers = ModelInput.explicit(20_000_000_000L, 2, 8192, 64, null, null, null);
        SizingInput in = SizingInput.builder(Workload.INFERENCE).model(twoLayers).precision(Precision.BF16)
                .sequenceLength(1024).build();
        Recommendation rec = Recommender.recommend(in, List.of(
                gpu("small", "A10-PCIE-24GB", 1, 16, 64, "1", 125.0, null, "PCIE", false),
                h100("h100", 1, 160, "5")), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::plan)
                .containsExactly(tuple("h100", plan(1, 1, 1, 1, 1)));
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.TP_ACROSS_INSTANCES, 1));
    }

    @Test
    void fullTrainingAcrossInstancesNeedsRdmaLoraDoesNot() {
        // 1 B parameters fit one 80 GiB GPU; 16 GPUs on 8-GPU instances = 2 instances, data parallel 16
        List<CandidateInstance> catalog = List.of(
                gpu("eth", "H100-SXM5-80GB", 8, 80, 1280, "10", 989.0, 1979.0, "NVLINK", false),
                gpu("ib", "H100-SXM5-80GB", 8, 80, 1280, "12", 989.0, 1979.0, "NVLINK", true));
        Recommendation full = Recommender.recommend(
                Inputs.training(Inputs.gpt(1_000_000_000L), Precision.BF16, 2048).gpuCount(16).build(), catalog, POLICY);
        assertThat(full.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::plan)
                .containsExactly(tuple("ib", plan(1, 1, 16, 1, 2)));
        assertThat(full.excluded()).containsExactly(new Excluded(ExclusionReason.NETWORK_INADEQUATE, 1));

        SizingInput lora = SizingInput.builder(Workload.LORA_FINE_TUNING).model(Inputs.gpt(1_000_000_000L))
                .precision(Precision.BF16).sequenceLength(2048).gpuCount(16).build();
        assertThat(Recommender.recommend(lora, catalog, POLICY).candidates()).extracting(RankedCandidate::instanceType)
                .containsExactly("eth", "ib");
    }

    @Test
    void oneInstanceTrainingNeedsNoRdma() {
        Recommendation rec = Recommender.recommend(
                Inputs.training(Inputs.gpt(1_000_000_000L), Precision.BF16, 2048).gpuCount(8).build(),
                List.of(gpu("eth", "H100-SXM5-80GB", 8, 80, 1280, "10", 989.0, 1979.0, "NVLINK", false)), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::plan).containsExactly(plan(1, 1, 8, 1, 1));
        assertThat(rec.excluded()).isEmpty();
    }

    @Test
    void atEqualPriceFewerInstancesRankFirst() {
        // 8 × 1-GPU at 2.50 = 20.00 an hour = one 8-GPU instance at 20.00; the code order would put "a-" first.
        // llama-2-7b fits one GPU: 8 replicas either way
        SizingInput in = Inputs.inference("llama-2-7b", Precision.BF16, 4096).gpuCount(8).build();
        Recommendation rec = Recommender.recommend(in,
                List.of(h100("a-h100x1", 1, 160, "2.50"), h100("b-h100x8", 8, 1280, "20")), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType, RankedCandidate::instances)
                .containsExactly(tuple("b-h100x8", 1), tuple("a-h100x1", 8));
    }

    @Test
    void tooLittleGpuMemoryOrHostRamIsCountedByReason() {
        // llama-2-7b, 1 GPU: 17.06 GiB per GPU, 20.55 GiB host
        SizingInput in = Inputs.inference("llama-2-7b", Precision.BF16, 4096).gpuCount(1).swapSpaceGiB(0.0).build();
        Recommendation rec = Recommender.recommend(in, List.of(
                gpu("tiny", "A10-PCIE-24GB", 1, 16, 64, "1", 125.0, null, "PCIE", false),
                gpu("lowram", "A10-PCIE-24GB", 1, 80, 16, "1", 125.0, null, "PCIE", false),
                h100("ok", 1, 160, "5")), POLICY);
        assertThat(rec.candidates()).extracting(RankedCandidate::instanceType).containsExactly("ok");
        assertThat(rec.excluded()).containsExactly(new Excluded(ExclusionReason.VRAM_INSUFFICIENT, 1),
                new Excluded(ExclusionReason.HOST_RAM_INSUFFICIENT, 1));
    }
}
