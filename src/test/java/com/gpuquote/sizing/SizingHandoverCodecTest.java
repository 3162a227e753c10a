package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The sizing → quote → portal hand-over (issue 14, ADR 1406 decisions 3–4). Every expected value here is written by
 * hand: the JSON literals are the stored format, so renaming a field of {@link SizingHandover} (or of the candidate
 * the sizing view stores) fails a test here instead of silently emptying the customer's page.
 */
class SizingHandoverCodecTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A training candidate's hand-over, as the record says it. */
    private static final SizingHandover TRAINING = new SizingHandover(1, "A10", 2, 19.5, 24.0, 81.3, 40.0, 92.0, "OK",
            "2 个副本，每个 1 × A10",
            new SizingHandover.Performance(12.5, new BigDecimal("194.44"), null, null, null));

    /** {@link #TRAINING} as a whole stored candidate reads it: with the plan's 2 instances (issue 39, ServingPrice). */
    private static final SizingHandover TRAINING_OF_2 = new SizingHandover(1, "A10", 2, 19.5, 24.0, 81.3, 40.0, 92.0,
            "OK", "2 个副本，每个 1 × A10", TRAINING.performance(), 2);

    /** The same, as the current version's JSON (golden: a renamed component changes this text). */
    private static final String TRAINING_JSON = """
            {"version":1,"gpuModel":"A10","gpuCount":2,"perGpuTotalGiB":19.5,"vramPerGpuGiB":24.0,
             "vramUsedPct":81.3,"ramNeedGiB":40.0,"ramGiB":92.0,"ratioStatus":"OK",
             "planDescription":"2 个副本，每个 1 × A10",
             "performance":{"trainingHours":12.5,"jobCost":"194.44"}}""";

    @Test
    void theCurrentVersionIsWrittenExactlyAsTheGoldenJson() throws Exception {
        assertThat(JSON.readTree(SizingHandoverCodec.toJson(TRAINING))).isEqualTo(JSON.readTree(TRAINING_JSON));
        assertThat(SizingHandoverCodec.fromJson(TRAINING_JSON)).isEqualTo(TRAINING);
    }

    @Test
    void aHandOverSurvivesTheRoundTrip() {
        SizingHandover serving = new SizingHandover(1, "H20", 4, 71.25, 96.0, 74.2, 120.5, 1024.0, "LOW",
                "4 × H20 in one instance, tensor parallel 4",
                new SizingHandover.Performance(null, null, 1903.0, 180.0, new BigDecimal("0.8367")));
        assertThat(SizingHandoverCodec.fromJson(SizingHandoverCodec.toJson(serving))).isEqualTo(serving);
        assertThat(SizingHandoverCodec.fromJson(SizingHandoverCodec.toJson(TRAINING))).isEqualTo(TRAINING);
        SizingHandover bare = new SizingHandover(1, null, null, null, null, null, null, null, null, null, null);
        assertThat(SizingHandoverCodec.toJson(bare)).isEqualTo("{\"version\":1}");
        assertThat(SizingHandoverCodec.fromJson(SizingHandoverCodec.toJson(bare))).isEqualTo(bare);
    }

    /**
     * Version 1 as quote lines store it since "Add from sizing" exists: the whole candidate as the recommendation
     * answers it, without a version, prices and all (written by hand in that shape; numbers as the JSON column keeps
     * them). It reads as version 1 and ignores the fields no reader uses.
     */
    @Test
    void aStoredVersionOneCandidateWithoutVersionStillReads() {
        String stored = """
                {"instanceType":"ecs.gni2.3xlarge","gpuModel":"A10","instances":2,"gpuCount":2,"gpusPerInstance":1,
                 "vramPerGpuGiB":24.000,"perGpuTotalGiB":19.500,"vramUsedPct":81.3,"ramGiB":92.000,
                 "ramNeedGiB":40.000,"ramToVramRatio":3.833,"ratioStatus":"OK","billingMode":"HOURLY",
                 "unitPrice":"7.7777","monthlyPrice":"5677.72","currency":"CNY","warnings":[],
                 "listUnitPrice":"8.0000","netUnitPrice":"7.7777","listMonthlyPrice":"5840.00",
                 "netMonthlyPrice":"5677.72","maxConcurrentSequences":null,
                 "plan":{"tensorParallel":1,"pipelineParallel":1,"dataParallel":2,"replicas":1,"instancesPerReplica":2},
                 "planDescription":"2 个副本，每个 1 × A10",
                 "performance":{"estimate":true,"trainingHours":12.50,"gpuHours":25.0,"jobCost":"194.44",
                                "meetsDeadline":null,"withinBudget":null,"outputTokensPerSecond":null,
                                "maxConcurrentSequences":null,"timeToFirstTokenMs":null,
                                "costPerMillionOutputTokens":null,"inputTokens":null,"outputTokens":null,
                                "replicasNeeded":null,"instancesNeeded":null,"monthlyPriceForTraffic":null,
                                "meetsTraffic":null}}""";
        assertThat(SizingHandoverCodec.fromJson(stored)).isEqualTo(TRAINING_OF_2);
        // older runs had no plan and no estimate at all
        assertThat(SizingHandoverCodec.fromJson("{\"gpuModel\":\"T4\",\"vramPerGpuGiB\":16.000,\"ramGiB\":60.000}"))
                .isEqualTo(new SizingHandover(1, "T4", null, null, 16.0, null, null, 60.0, null, null, null));
        assertThat(SizingHandoverCodec.read(null)).isEmpty();
        assertThat(SizingHandoverCodec.read(" ")).isEmpty();
    }

    /**
     * What the sizing view stores for a candidate: every field the recommendation answers (the quote API passes it on
     * as {@code sizing.candidate}) plus the version; it reads back as the candidate's hand-over.
     */
    @Test
    void theSizingViewStoresTheWholeCandidateWithItsVersion() throws Exception {
        RecommendationReport.Candidate candidate = new RecommendationReport.Candidate("ecs.gni2.3xlarge", "A10", 2, 2, 1,
                new BigDecimal("24.000"), new BigDecimal("19.500"), new BigDecimal("81.3"), new BigDecimal("92.000"),
                new BigDecimal("40.000"), new BigDecimal("3.833"), "OK", "HOURLY", "7.7777", "5677.72", "CNY",
                List.of(), "8.0000", "7.7777", "5840.00", "5677.72", null,
                new RecommendationReport.PlanJson(1, 1, 2, 1, 2), "2 个副本，每个 1 × A10",
                new RecommendationReport.PerformanceJson(true, new BigDecimal("12.50"), new BigDecimal("25.0"),
                        "194.44", null, null, null, null, null, null, null, null, null, null, null, null));
        String written = SizingHandoverCodec.toJson(candidate);
        assertThat(JSON.readTree(written)).isEqualTo(JSON.readTree("""
                {"version":1,"instanceType":"ecs.gni2.3xlarge","gpuModel":"A10","instances":2,"gpuCount":2,
                 "gpusPerInstance":1,"vramPerGpuGiB":24.000,"perGpuTotalGiB":19.500,"vramUsedPct":81.3,
                 "ramGiB":92.000,"ramNeedGiB":40.000,"ramToVramRatio":3.833,"ratioStatus":"OK",
                 "billingMode":"HOURLY","unitPrice":"7.7777","monthlyPrice":"5677.72","currency":"CNY","warnings":[],
                 "listUnitPrice":"8.0000","netUnitPrice":"7.7777","listMonthlyPrice":"5840.00",
                 "netMonthlyPrice":"5677.72","maxConcurrentSequences":null,
                 "plan":{"tensorParallel":1,"pipelineParallel":1,"dataParallel":2,"replicas":1,"instancesPerReplica":2},
                 "planDescription":"2 个副本，每个 1 × A10",
                 "performance":{"estimate":true,"trainingHours":12.50,"gpuHours":25.0,"jobCost":"194.44",
                                "meetsDeadline":null,"withinBudget":null,"outputTokensPerSecond":null,
                                "maxConcurrentSequences":null,"timeToFirstTokenMs":null,
                                "costPerMillionOutputTokens":null,"inputTokens":null,"outputTokens":null,
                                "replicasNeeded":null,"instancesNeeded":null,"monthlyPriceForTraffic":null,
                                "meetsTraffic":null,"concurrentUsers":null,"operatingBatchPerReplica":null,
                                "outputTokensPerSecondAtOperatingPoint":null,"perUserTokensPerSecond":null,
                                "timeToFirstTokenAtLoadMs":null,"timePerOutputTokenMs":null,
                                "idleTimeToFirstTokenMs":null,"meetsSlo":null,"requestsPerSecond":null,
                                "ttftSloMs":null,"tpotSloMs":null}}"""));
        // numbers exactly as the recommendation answers them (the quote API passes them on)
        assertThat(written).contains("\"vramPerGpuGiB\":24.000").contains("\"trainingHours\":12.50")
                .startsWith("{\"version\":1,");
        assertThat(SizingHandoverCodec.fromJson(written)).isEqualTo(TRAINING_OF_2).isEqualTo(SizingHandover.of(candidate));
    }

    @Test
    void anUnreadableHandOverIsAClearErrorNamingTheField() {
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("{\"gpuModel\":\"A10\",\"perGpuTotalGiB\":\"lots\"}"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class,
                        e -> assertThat(e.field()).isEqualTo("perGpuTotalGiB"))
                .hasMessageContaining("perGpuTotalGiB");
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("{\"performance\":{\"trainingHours\":{\"h\":1}}}"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class,
                        e -> assertThat(e.field()).isEqualTo("performance.trainingHours"));
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("{\"performance\":{\"jobCost\":\"about 200\"}}"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class,
                        e -> assertThat(e.field()).isEqualTo("performance.jobCost"));
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("{\"version\":2,\"gpuModel\":\"A10\"}"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class,
                        e -> assertThat(e.field()).isEqualTo("version"))
                .hasMessageContaining("unknown version 2");
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("{not json"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class, e -> assertThat(e.field()).isEqualTo("$"));
        assertThatThrownBy(() -> SizingHandoverCodec.fromJson("[1,2]"))
                .isInstanceOfSatisfying(UnreadableHandoverException.class, e -> assertThat(e.field()).isEqualTo("$"));
    }

    /** The tree the quote API passes on is the stored JSON, untouched. */
    @Test
    void theTreeIsTheStoredJsonAsItIs() throws Exception {
        JsonNode tree = SizingHandoverCodec.tree("{\"count\":8,\"anything\":[1]}");
        assertThat(tree).isEqualTo(JSON.readTree("{\"count\":8,\"anything\":[1]}"));
    }
}
