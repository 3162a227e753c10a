package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A tenant adjusts the MFU its training-time estimates assume (issue 15); the estimates follow it. */
class TrainingMfuPolicyApiTest extends IntegrationTest {

    static final String LORA = """
            {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-2-7b"},"precision":"BF16","sequenceLength":2048,
             "region":"cn-beijing","billingMode":"HOURLY","trainingTokens":1e9,"maxCandidates":1}""";

    @Autowired
    SizingFixtures fixtures;

    @Test
    void aLowerMfuLengthensTheEstimateInProportionAndBadValuesNameTheField() {
        TestTenants.TestTenant t = fixtures.pricedTenant("en");
        Api admin = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        double atDefault = consultant.post("/api/v1/recommendations", LORA).json()
                .path("candidates").get(0).path("performance").path("trainingHours").asDouble();

        ObjectNode policy = (ObjectNode) admin.get("/api/v1/sizing/policy").json();
        assertThat(policy.path("trainingMfu").isNull()).as("no tenant value: the documented default").isTrue();
        policy.put("trainingMfu", 0.2);
        var put = admin.put("/api/v1/sizing/policy", policy);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        double atHalf = consultant.post("/api/v1/recommendations", LORA).json()
                .path("candidates").get(0).path("performance").path("trainingHours").asDouble();
        // time ∝ 1 / MFU: 0.40 → 0.20 doubles it (the same first candidate: price order does not depend on MFU)
        assertThat(atHalf).isCloseTo(2 * atDefault, within(0.02));

        ObjectNode bad = (ObjectNode) admin.get("/api/v1/sizing/policy").json();
        bad.put("trainingMfu", 0.95);
        var refused = admin.put("/api/v1/sizing/policy", bad);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("errors").get(0).path("field").asText()).isEqualTo("trainingMfu");
    }
}
