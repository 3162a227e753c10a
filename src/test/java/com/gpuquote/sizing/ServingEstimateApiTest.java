package com.gpuquote.sizing;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceListService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 15: serving estimates on every candidate of an INFERENCE recommendation (output tokens/s, sequences in
 * flight, time to first token, cost per million output tokens at the net price), traffic → replicas, and
 * {@code rankBy=COST_PER_MILLION_TOKENS}. Expectations are the arithmetic a consultant would do with the reported
 * throughput and the price list (price ÷ tokens), not the model's internals; the model's accuracy is held by
 * ServingValidationTest.
 */
@CalendarTest
class ServingEstimateApiTest extends IntegrationTest {

    static final String REQUEST = """
            {"workload":"INFERENCE","model":{"preset":"llama-3-70b"},"precision":"BF16","sequenceLength":8192,
             "microBatchSize":16,"region":"cn-beijing","billingMode":"HOURLY"%s}""";

    @Autowired
    TestTenants tenants;
    @Autowired
    PriceListService priceLists;
    @Autowired
    SizingFixtures fixtures;
    @Autowired
    Clock clock;

    Api consultant;

    @BeforeEach
    void pricedVolcanoEngine() {
        TestTenants.TestTenant t = tenants.create("en");
        fixtures.as(t.adminEmail(), () -> {
            Instant from = clock.instant().minus(Duration.ofHours(1));
            var draft = priceLists.createDraft(NewPriceList.empty("serving", Provider.VOLCENGINE, from));
            priceLists.applyImport(draft.id(), ParallelPlanApiTest.VOLCANO.getBytes(StandardCharsets.UTF_8), null);
            return priceLists.publish(draft.id(), from, null);
        });
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    @Test
    void everyServingCandidateCarriesThroughputLatencyAndTokenCostAtItsPrice() {
        var r = consultant.post("/api/v1/recommendations", REQUEST.formatted(""));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode candidates = r.json().path("candidates");
        assertThat(candidates.size()).isGreaterThan(1);
        for (JsonNode c : candidates) {
            JsonNode p = c.path("performance");
            String type = c.path("instanceType").asText();
            assertThat(p.path("estimate").asBoolean()).as(type).isTrue();
            double tps = p.path("outputTokensPerSecond").asDouble();
            assertThat(tps).as(type).isPositive();
            assertThat(p.path("timeToFirstTokenMs").asDouble()).as(type).isPositive();
            // without traffic: a request fills the 8,192-token context, a quarter of it generated
            assertThat(p.path("inputTokens").asInt()).isEqualTo(6144);
            assertThat(p.path("outputTokens").asInt()).isEqualTo(2048);
            // the 16 users stated are in flight (the memory is sized for them), not the batch the KV cache could hold
            assertThat(p.path("maxConcurrentSequences").asInt()).as(type).isEqualTo(16);
            assertThat(p.path("replicasNeeded").isNull()).isTrue();
            // cost per million = hourly net price of the plan ÷ tokens per hour × 10^6 (730 h billed a month)
            BigDecimal hourly = new BigDecimal(c.path("netMonthlyPrice").asText())
                    .divide(BigDecimal.valueOf(730), 10, RoundingMode.HALF_UP);
            double expected = hourly.doubleValue() / (tps * 3600) * 1e6;
            assertThat(new BigDecimal(p.path("costPerMillionOutputTokens").asText()).doubleValue()).as(type)
                    .isCloseTo(expected, org.assertj.core.data.Percentage.withPercentage(0.5));
            assertThat(p.path("trainingHours").isNull()).isTrue();
        }
        // By hand for 4 × H20 (148 dense BF16 TFLOPS, 4,000 GB/s each) at the 16 sequences stated: their prompts
        // cost 16 × 6,144 × 2 × 70.6e9 FLOPs ≈ 1.4e16 → ~36 s at 65 % of 4 × 148 TFLOPS; each of the 2,048 steps
        // reads ~35 GB of weights + ~9 GB of KV per GPU (~14 ms at 80 % of 4,000 GB/s) and computes 16 × 2 × 70.6e9
        // FLOPs (~8 ms at 50 %), plus 160 all-reduces (~2 ms) → ~49 s. 16 × 2,048 tokens in ~85 s ≈ 390 tokens/s.
        JsonNode top = candidates.get(0);
        assertThat(top.path("instanceType").asText()).isEqualTo("ecs.pni3ln.22xlarge");
        assertThat(top.path("performance").path("outputTokensPerSecond").asDouble()).isBetween(350.0, 700.0);
    }

    @Test
    void trafficSaysHowManyReplicasAndInstancesCarryIt() {
        var r = consultant.post("/api/v1/recommendations", REQUEST.formatted(
                ",\"traffic\":{\"requestsPerSecond\":10,\"inputTokens\":2000,\"outputTokens\":500}"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        for (JsonNode c : r.json().path("candidates")) {
            JsonNode p = c.path("performance");
            String type = c.path("instanceType").asText();
            assertThat(p.path("inputTokens").asInt()).isEqualTo(2000);
            assertThat(p.path("outputTokens").asInt()).isEqualTo(500);
            int replicas = c.path("plan").path("replicas").asInt();
            double perReplica = p.path("outputTokensPerSecond").asDouble() / replicas;
            // 10 requests/s × 500 tokens = 5,000 output tokens/s to carry
            int needed = (int) Math.ceil(5000 / perReplica);
            assertThat(p.path("replicasNeeded").asInt()).as(type).isBetween(needed - 1, needed + 1);
            int gpusPerReplica = c.path("plan").path("tensorParallel").asInt()
                    * c.path("plan").path("pipelineParallel").asInt();
            int instances = p.path("replicasNeeded").asInt() * gpusPerReplica / c.path("gpusPerInstance").asInt();
            assertThat(p.path("instancesNeeded").asInt()).as(type).isGreaterThanOrEqualTo(Math.max(1, instances));
            BigDecimal perInstance = new BigDecimal(c.path("netMonthlyPrice").asText())
                    .divide(BigDecimal.valueOf(c.path("instances").asInt()), 10, RoundingMode.HALF_UP);
            assertThat(new BigDecimal(p.path("monthlyPriceForTraffic").asText())).as(type).isEqualByComparingTo(
                    perInstance.multiply(BigDecimal.valueOf(p.path("instancesNeeded").asInt()))
                            .setScale(2, RoundingMode.HALF_UP));
            assertThat(p.path("meetsTraffic").asBoolean()).isEqualTo(replicas >= p.path("replicasNeeded").asInt());
        }
    }

    @Test
    void rankingByCostPerMillionTokensOrdersByThatCost() {
        var r = consultant.post("/api/v1/recommendations",
                REQUEST.formatted(",\"rankBy\":\"COST_PER_MILLION_TOKENS\",\"maxCandidates\":20"));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        List<BigDecimal> costs = new ArrayList<>();
        r.json().path("candidates").forEach(c ->
                costs.add(new BigDecimal(c.path("performance").path("costPerMillionOutputTokens").asText())));
        assertThat(costs).hasSizeGreaterThan(1).isSorted();
    }

    @Test
    void trafficAndTokenRankingRefuseWhatTheyCannotMean() {
        assertThat(fields(consultant.post("/api/v1/recommendations", REQUEST.formatted(
                ",\"traffic\":{\"inputTokens\":2000,\"outputTokens\":500}"))))
                .containsExactly("traffic.requestsPerSecond");
        assertThat(fields(consultant.post("/api/v1/recommendations", REQUEST.formatted(
                ",\"traffic\":{\"requestsPerSecond\":1,\"inputTokens\":8000,\"outputTokens\":500}"))))
                .containsExactly("traffic.inputTokens");
        assertThat(fields(consultant.post("/api/v1/recommendations", REQUEST.formatted(
                ",\"traffic\":{\"requestsPerSecond\":0,\"inputTokens\":0,\"outputTokens\":1}"))))
                .containsExactlyInAnyOrder("traffic.requestsPerSecond", "traffic.inputTokens");
        String training = """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":2048,
                 "microBatchSize":1,"gpuCount":1,"region":"cn-beijing","billingMode":"HOURLY"%s}""";
        assertThat(fields(consultant.post("/api/v1/recommendations", training.formatted(
                ",\"traffic\":{\"requestsPerSecond\":1,\"inputTokens\":100,\"outputTokens\":100}"))))
                .containsExactly("traffic");
        assertThat(fields(consultant.post("/api/v1/recommendations", training.formatted(
                ",\"rankBy\":\"COST_PER_MILLION_TOKENS\"")))).containsExactly("rankBy");
    }

    private static List<String> fields(Api.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        List<String> f = new ArrayList<>();
        r.json().path("errors").forEach(e -> f.add(e.path("field").asText()));
        return f;
    }
}
