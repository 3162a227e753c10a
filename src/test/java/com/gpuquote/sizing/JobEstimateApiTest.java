package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Training time, GPU-hours and job cost per candidate, and ranking by them (issue 15). Expectations from the
 * datasheet TFLOPS copied below and the 4·P·tokens rule for LoRA, not from the engine.
 */
class JobEstimateApiTest extends IntegrationTest {

    /** Dense BF16 (FP16 where no BF16) tensor TFLOPS from the NVIDIA datasheets. */
    static final Map<String, Double> PEAK = Map.of("A10-PCIE-24GB", 125.0, "L20-PCIE-48GB", 119.5,
            "A100-SXM4-80GB", 312.0, "A800-SXM4-80GB", 312.0, "H20-SXM5-96GB", 148.0, "L40S-PCIE-48GB", 362.05,
            "A30-PCIE-24GB", 165.0, "H100-SXM5-80GB", 989.0, "H800-SXM5-80GB", 989.0);
    static final double LLAMA_2_7B = 6_738_415_616d;

    static final String LORA = """
            {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-2-7b"},"precision":"BF16","sequenceLength":2048,
             "region":"cn-beijing","billingMode":"HOURLY"%s}""";

    @Autowired
    SizingFixtures fixtures;

    Api consultant;

    @BeforeEach
    void pricedTenant() {
        TestTenants.TestTenant t = fixtures.pricedTenant("en");
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    @Test
    void everyTrainingCandidateCarriesHoursGpuHoursAndJobCostAtItsPrice() {
        var r = consultant.post("/api/v1/recommendations", LORA.formatted(",\"trainingTokens\":1e9"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode candidates = r.json().path("candidates");
        assertThat(candidates.size()).isPositive();
        int checked = 0;
        for (JsonNode c : candidates) {
            JsonNode p = c.path("performance");
            double peak = PEAK.getOrDefault(c.path("gpuModel").asText(), Double.NaN);
            if (Double.isNaN(peak)) {
                continue;
            }
            int gpus = c.path("gpuCount").asInt();
            double hours = 4 * LLAMA_2_7B * 1e9 / (gpus * peak * 1e12 * 0.40) / 3600;
            assertThat(p.path("trainingHours").asDouble()).as(c.path("instanceType").asText()).isCloseTo(hours, within(0.01));
            assertThat(p.path("gpuHours").asDouble()).isCloseTo(hours * gpus, within(0.05));
            BigDecimal cost = new BigDecimal(c.path("unitPrice").asText()).multiply(BigDecimal.valueOf(c.path("instances").asInt()))
                    .multiply(BigDecimal.valueOf(hours)).setScale(2, RoundingMode.HALF_UP);
            assertThat(new BigDecimal(p.path("jobCost").asText())).isCloseTo(cost, within(new BigDecimal("0.05")));
            assertThat(p.path("estimate").asBoolean()).as("labelled an estimate").isTrue();
            checked++;
        }
        assertThat(checked).as("candidates with a GPU whose datasheet figure is copied here").isPositive();
    }

    @Test
    void rankingByJobCostOrTimeOrdersByThemAndDeadlinesAreMarkedNotHidden() {
        var byCost = consultant.post("/api/v1/recommendations",
                LORA.formatted(",\"trainingTokens\":1e9,\"rankBy\":\"JOB_COST\",\"maxCandidates\":5")).json();
        assertThat(values(byCost, "jobCost")).isSorted().hasSizeLessThanOrEqualTo(5);
        var byTime = consultant.post("/api/v1/recommendations",
                LORA.formatted(",\"trainingTokens\":1e9,\"rankBy\":\"TIME_TO_RESULT\"")).json();
        assertThat(values(byTime, "trainingHours")).isSorted();
        double fastest = values(byTime, "trainingHours").get(0);
        var withDeadline = consultant.post("/api/v1/recommendations", LORA.formatted(
                ",\"trainingTokens\":1e9,\"rankBy\":\"TIME_TO_RESULT\",\"deadlineHours\":" + (fastest + 0.01))).json();
        JsonNode first = withDeadline.path("candidates").get(0).path("performance");
        assertThat(first.path("meetsDeadline").asBoolean()).isTrue();
        List<Boolean> marks = new ArrayList<>();
        withDeadline.path("candidates").forEach(c -> marks.add(c.path("performance").path("meetsDeadline").asBoolean()));
        assertThat(marks).as("the slower plans are kept, marked").contains(false);
    }

    @Test
    void trainingTokensWithoutRankByRankByTheWholeJobsCostAndUseEveryGpuBilled() {
        JsonNode j = consultant.post("/api/v1/recommendations", LORA.formatted(",\"trainingTokens\":1e9")).json();
        assertThat(values(j, "jobCost")).hasSizeGreaterThan(1).isSorted();
        // a 1-GPU LoRA job on a multi-GPU instance runs data parallel over all its GPUs, so the job costs about the
        // same as on one GPU instead of GPUs-per-instance times more
        j.path("candidates").forEach(c -> assertThat(c.path("gpuCount").asInt()).as(c.path("instanceType").asText())
                .isEqualTo(c.path("gpusPerInstance").asInt() * c.path("instances").asInt()));
    }

    @Test
    void aGivenGpuCountLeavesTrainingOnLargerInstancesOut() {
        // with the 8 × A800 type priced too: one A800 holds the 7B LoRA job, but the job asked for one GPU
        TestTenants.TestTenant t = fixtures.pricedTenant("en", SizingFixtures.EIGHT_GPU_ROW);
        Api withEight = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        JsonNode j = withEight.post("/api/v1/recommendations", LORA.formatted(",\"gpuCount\":1")).json();
        j.path("candidates").forEach(c -> assertThat(c.path("gpusPerInstance").asInt()).isEqualTo(1));
        assertThat(j.path("excluded").toString()).contains("\"reason\":\"MORE_GPUS_THAN_REQUESTED\"")
                .contains("more GPUs per instance than the given GPU count");
    }

    @Test
    void badGoalsNameTheirField() {
        assertThat(fields(consultant.post("/api/v1/recommendations", LORA.formatted(",\"rankBy\":\"JOB_COST\""))))
                .containsExactly("trainingTokens");
        assertThat(fields(consultant.post("/api/v1/recommendations",
                LORA.formatted(",\"trainingTokens\":1e9,\"rankBy\":\"COST_PER_MILLION_TOKENS\"")))).containsExactly("rankBy");
        assertThat(fields(consultant.post("/api/v1/recommendations",
                LORA.formatted(",\"trainingTokens\":0,\"deadlineHours\":-1,\"budget\":0"))))
                .containsExactlyInAnyOrder("trainingTokens", "deadlineHours", "budget");
    }

    private static List<Double> values(JsonNode report, String field) {
        List<Double> out = new ArrayList<>();
        report.path("candidates").forEach(c -> out.add(c.path("performance").path(field).asDouble()));
        return out;
    }

    private static List<String> fields(Api.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        List<String> out = new ArrayList<>();
        r.json().path("errors").forEach(e -> out.add(e.path("field").asText()));
        return out;
    }
}
