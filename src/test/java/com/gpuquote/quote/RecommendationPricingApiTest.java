package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/** POST /api/v1/recommendations with a customerId ranks by that customer's net price, list and net side by side. */
class RecommendationPricingApiTest extends QuoteApiSupport {

    static final String BODY = """
            {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096,
             "gpuCount":1,"region":"cn-beijing","billingMode":"HOURLY","maxCandidates":20%s}""";

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    @Test
    void negotiatedPricesRankCandidatesAndShowListBesideNet() {
        String[] cp = customerAndProject();
        var plain = consultant.post("/api/v1/recommendations", BODY.formatted(""));
        assertThat(plain.status()).as(plain.body()).isEqualTo(200);
        JsonNode a10 = candidate(plain.json(), A10);
        assertThat(a10.path("listUnitPrice").asText()).isEqualTo("10.0000");
        assertThat(a10.path("netUnitPrice").asText()).isEqualTo("10.0000");

        agreement(cp[0], List.of(percentOff(95, "instanceType", A10), volume(1, 10)));
        var negotiated = consultant.post("/api/v1/recommendations",
                BODY.formatted(",\"customerId\":\"" + cp[0] + "\""));
        assertThat(negotiated.status()).as(negotiated.body()).isEqualTo(200);
        JsonNode n = candidate(negotiated.json(), A10);
        // 10 × 5 % = 0.5000, then the 1-GPU volume tier 10 % → 0.4500
        assertThat(n.path("listUnitPrice").asText()).isEqualTo("10.0000");
        assertThat(n.path("netUnitPrice").asText()).isEqualTo("0.4500");
        assertThat(n.path("unitPrice").asText()).isEqualTo("0.4500");
        assertThat(n.path("listMonthlyPrice").asText()).isEqualTo("7300.00");
        assertThat(n.path("netMonthlyPrice").asText()).isEqualTo("328.50");
        assertThat(types(negotiated.json()).indexOf(A10)).isLessThanOrEqualTo(types(plain.json()).indexOf(A10));
        // the estimate fields the issue names (costPerMillionOutputTokens, jobCost) are the customer's price per
        // token or job, not the reseller's cost: nothing else may say cost
        assertThat(negotiated.body().toLowerCase().replace("costpermillionoutputtokens", "").replace("jobcost", ""))
                .doesNotContain("cost");
        // another tenant's prices and agreement don't apply: the list-price answer is unchanged without customerId
        assertThat(candidate(consultant.post("/api/v1/recommendations", BODY.formatted("")).json(), A10)
                .path("netUnitPrice").asText()).isEqualTo("10.0000");
    }

    @Test
    void volumeAndTermTiersSeeTheCandidatesGpusAndTheRequestedTerm() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(volume(8, 10), term(12, 5)));
        String customer = ",\"customerId\":\"" + cp[0] + "\"";
        // one 1-GPU instance over one month: no tier applies
        var single = consultant.post("/api/v1/recommendations", BODY.formatted(customer));
        assertThat(candidate(single.json(), A10).path("netUnitPrice").asText()).isEqualTo("10.0000");
        // 8 GPUs → 8 A10 instances (volume tier 10 %), a 12-month term (5 %): 10 × 0.90 × 0.95
        var eight = consultant.post("/api/v1/recommendations",
                BODY.replace("\"gpuCount\":1", "\"gpuCount\":8").formatted(customer + ",\"termMonths\":12"));
        assertThat(eight.status()).as(eight.body()).isEqualTo(200);
        JsonNode a10 = candidate(eight.json(), A10);
        assertThat(a10.path("instances").asInt()).isEqualTo(8);
        assertThat(a10.path("netUnitPrice").asText()).isEqualTo("8.5500");
        assertThat(a10.path("listUnitPrice").asText()).isEqualTo("10.0000");
    }

    @Test
    void aYearlyRecommendationNeedsWholeYears() {
        var r = consultant.post("/api/v1/recommendations",
                BODY.replace("HOURLY", "YEARLY").formatted(",\"termMonths\":6"));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.body()).contains("termMonths");
    }

    private static JsonNode candidate(JsonNode report, String type) {
        for (JsonNode c : report.path("candidates")) {
            if (c.path("instanceType").asText().equals(type)) {
                return c;
            }
        }
        throw new AssertionError(type + " not among " + types(report));
    }

    private static List<String> types(JsonNode report) {
        List<String> l = new ArrayList<>();
        report.path("candidates").forEach(c -> l.add(c.path("instanceType").asText()));
        return l;
    }
}
