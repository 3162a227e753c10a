package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RecommendationApiTest extends IntegrationTest {

    /** perGpu 17.06 GiB: T4 (16 GiB) does not fit, A10 (24 GiB) and larger do. */
    static final String LLAMA_7B = """
            {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096,
             "gpuCount":1,"region":"cn-beijing","billingMode":"HOURLY"%s}""";

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    TestTenants tenants;

    TestTenants.TestTenant t;
    Api consultant;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("en");
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    static String body(String extra) {
        return LLAMA_7B.formatted(extra);
    }

    static List<String> types(JsonNode r) {
        List<String> l = new ArrayList<>();
        r.path("candidates").forEach(c -> l.add(c.path("instanceType").asText()));
        return l;
    }

    @Test
    void candidatesAreRankedByMonthlyListPriceWithAllFieldsAndNoCost() {
        var r = consultant.post("/api/v1/recommendations", body(""));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(types(j)).containsExactly("ecs.gni2.3xlarge", "ecs.gni3cl.5xlarge", "ecs.gni2.7xlarge",
                "ecs.pni2l.3xlarge", "ecs.pni3ln.5xlarge");
        JsonNode a10 = j.path("candidates").get(0);
        for (String f : List.of("instanceType", "gpuModel", "instances", "gpuCount", "vramPerGpuGiB", "vramUsedPct",
                "ramGiB", "ramNeedGiB", "ramToVramRatio", "ratioStatus", "billingMode", "unitPrice", "monthlyPrice",
                "currency", "warnings")) {
            assertThat(a10.has(f)).as(f).isTrue();
        }
        assertThat(a10.path("gpuModel").asText()).isEqualTo("A10-PCIE-24GB");
        assertThat(a10.path("instances").asInt()).isEqualTo(1);
        assertThat(a10.path("gpuCount").asInt()).isEqualTo(1);
        assertThat(a10.path("billingMode").asText()).isEqualTo("HOURLY");
        assertThat(a10.path("unitPrice").isTextual()).isTrue();
        assertThat(a10.path("unitPrice").asText()).isEqualTo("10.0000");
        assertThat(a10.path("monthlyPrice").asText()).isEqualTo("7300.00");
        assertThat(a10.path("currency").asText()).isEqualTo("CNY");
        assertThat(a10.path("ratioStatus").asText()).isEqualTo("ABOVE"); // 56/24 = 2.333 above 1:1–1:2
        assertThat(a10.path("ramToVramRatio").asDouble()).isEqualTo(2.333);
        assertThat(j.path("candidates").get(1).path("ratioStatus").asText()).isEqualTo("WITHIN"); // L20 96/48 = 2
        assertThat(j.path("sizing").path("perGpu").path("weightsGiB").decimalValue()).isEqualByComparingTo("12.551");
        // the 2-GPU A10 costs 20.50 × 730 = 14965.00
        assertThat(j.path("candidates").get(2).path("monthlyPrice").asText()).isEqualTo("14965.00");
        // suggestions carry a per-GPU total and a monthly price string
        assertThat(j.path("suggestions").isArray()).isTrue();
        j.path("suggestions").forEach(s -> {
            assertThat(s.path("code").asText()).isNotBlank();
            assertThat(s.path("message").asText()).isNotBlank();
            assertThat(s.path("perGpuTotalGiB").isNumber()).isTrue();
            assertThat(s.path("monthlyPrice").asText()).matches("\\d+\\.\\d{2}");
        });
        // INT8 serving fits the cheaper T4: offered as a what-if
        assertThat(j.path("suggestions").toString()).contains("INT8_SERVING").contains("ecs.g1tl.4xlarge");
        // never cost
        // the estimate fields the issue names (costPerMillionOutputTokens, jobCost) are the customer's price per
        // token or job, not the reseller's cost: nothing else may say cost
        assertThat(r.body().toLowerCase().replace("costpermillionoutputtokens", "").replace("jobcost", ""))
                .doesNotContain("cost");
        assertThat(r.body()).doesNotContain(SizingFixtures.COST_MARK);
    }

    @Test
    void withoutGpuCountTheSearchFindsTheCheapestFitAndMaxCandidatesLimits() {
        var r = consultant.post("/api/v1/recommendations", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096,
                 "region":"cn-beijing","billingMode":"HOURLY","maxCandidates":2,"hoursPerMonth":100}""");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        // 2 × T4 (2 instances × 5.00 × 100 h) would tie with 1 × A10 (10.00 × 100 h), but one 16 GiB T4 cannot hold
        // the 7B model: the T4 plan is two pipeline stages over the instances' 8 Gbit/s Ethernet, left out because a
        // single instance holds the model; next is the 1 × L20 at 20.00 × 100 h
        assertThat(types(r.json())).containsExactly("ecs.gni2.3xlarge", "ecs.gni3cl.5xlarge");
        assertThat(r.json().path("excluded").toString()).contains("{\"reason\":\"PIPELINE_WITHOUT_RDMA\",\"count\":1");
        assertThat(r.json().path("candidates").get(0).path("gpuCount").asInt()).isEqualTo(1);
        assertThat(r.json().path("candidates").get(0).path("monthlyPrice").asText()).isEqualTo("1000.00");
        assertThat(r.json().path("candidates").get(1).path("monthlyPrice").asText()).isEqualTo("2000.00");
    }

    @Test
    void onlyTheRequestedRegionAndBillingModeArePriced() {
        var monthly = consultant.post("/api/v1/recommendations", body("").replace("HOURLY", "MONTHLY"));
        assertThat(types(monthly.json())).containsExactly("ecs.gni2.3xlarge");
        assertThat(monthly.json().path("candidates").get(0).path("monthlyPrice").asText()).isEqualTo("6000.00");
        var shanghai = consultant.post("/api/v1/recommendations", body("").replace("cn-beijing", "cn-shanghai"));
        assertThat(types(shanghai.json())).containsExactly("ecs.gni2.3xlarge");
        assertThat(shanghai.json().path("candidates").get(0).path("unitPrice").asText()).isEqualTo("11.0000");
        var guangzhou = consultant.post("/api/v1/recommendations", body("").replace("cn-beijing", "cn-guangzhou"));
        assertThat(guangzhou.status()).isEqualTo(200);
        assertThat(types(guangzhou.json())).isEmpty();
    }

    @Test
    void adminPolicyChangeMovesCandidatesOutOfTheBand() {
        var admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        assertThat(admin.put("/api/v1/sizing/policy", SizingPolicyApiTest.policy(2, 4, 2.4, 4, 0.9)).status())
                .isEqualTo(200);
        var r = consultant.post("/api/v1/recommendations", body(""));
        JsonNode j = r.json();
        // within/above first (A800 240/80 = 3, H20 240/96 = 2.5), then below the band (A10 2.333, L20 2.0)
        assertThat(types(j)).containsExactly("ecs.pni2l.3xlarge", "ecs.pni3ln.5xlarge", "ecs.gni2.3xlarge",
                "ecs.gni3cl.5xlarge", "ecs.gni2.7xlarge");
        JsonNode a10 = j.path("candidates").get(2);
        assertThat(a10.path("ratioStatus").asText()).isEqualTo("BELOW");
        assertThat(a10.path("warnings").get(0).path("code").asText()).isEqualTo("RATIO_BELOW_BAND");
        assertThat(a10.path("warnings").get(0).path("message").asText()).contains("below the policy band 1:2.4");
        assertThat(j.path("sizing").path("ratioBand").path("min").asDouble()).isEqualTo(2.4);
    }

    @Test
    void customerMustBelongToTheTenant() {
        var own = consultant.post("/api/v1/customers", Map.of("name", "Own Co"));
        assertThat(own.status()).as(own.body()).isEqualTo(201);
        var ok = consultant.post("/api/v1/recommendations", body(",\"customerId\":\"" + own.json().path("id").asText() + "\""));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(types(ok.json())).first().isEqualTo("ecs.gni2.3xlarge");

        var other = tenants.create();
        var foreign = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD)
                .post("/api/v1/customers", Map.of("name", "Foreign Co"));
        var r = consultant.post("/api/v1/recommendations", body(",\"customerId\":\"" + foreign.json().path("id").asText() + "\""));
        assertThat(r.status()).isEqualTo(404);
        var bad = consultant.post("/api/v1/recommendations", body(",\"customerId\":\"not-a-uuid\""));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("errors").get(0).path("field").asText()).isEqualTo("customerId");
    }

    @Test
    void requestErrorsNameEveryField() {
        var r = consultant.post("/api/v1/recommendations", """
                {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"INT4","sequenceLength":4096,
                 "region":"mars-1","hoursPerMonth":800,"maxCandidates":0}""");
        assertThat(r.status()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).containsExactlyInAnyOrder("precision", "region", "billingMode", "hoursPerMonth",
                "maxCandidates");
        var mode = consultant.post("/api/v1/recommendations", body("").replace("HOURLY", "WEEKLY"));
        assertThat(mode.status()).isEqualTo(400);
        assertThat(mode.json().path("errors").get(0).path("field").asText()).isEqualTo("billingMode");
    }

    @Test
    void withoutCredentialsIs401() {
        assertThat(Api.anonymous(baseUrl()).post("/api/v1/recommendations", body("")).status()).isEqualTo(401);
    }
}
