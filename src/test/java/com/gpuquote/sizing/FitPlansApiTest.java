package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12: the plans that make an unfitting request fit are in the /recommendations answer, ready to re-send. */
class FitPlansApiTest extends IntegrationTest {

    static final String FULL_TRAINING = """
            {"workload":"TRAINING","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":4096,
             "gpuCount":8,"region":"cn-beijing","billingMode":"HOURLY","trainingMode":"AMP_16BIT_GRADIENTS",
             "attention":"EAGER"}""";

    @Autowired
    SizingFixtures fixtures;

    @Test
    void eachPlanNamesItsChangesItsInputAndTheFitItGets() {
        TestTenants.TestTenant t = fixtures.pricedTenant("en", SizingFixtures.EIGHT_GPU_ROW);
        Api consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        var r = consultant.post("/api/v1/recommendations", FULL_TRAINING);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(j.path("candidates")).isEmpty();
        JsonNode plans = j.path("suggestions");
        assertThat(plans.size()).isGreaterThanOrEqualTo(3);
        for (JsonNode plan : plans) {
            assertThat(plan.path("changes").size()).as(plan.toString()).isPositive();
            assertThat(plan.path("changes").get(0).path("label").asText()).isNotBlank();
            assertThat(plan.path("hostRamGiB").isNumber()).isTrue();
            assertThat(plan.path("instances").asInt()).isPositive();
            // the plan's input, sent back as a request, gets exactly the plan's cheapest fit
            com.fasterxml.jackson.databind.node.ObjectNode input = plan.path("input").deepCopy();
            String body = input.put("region", "cn-beijing").put("billingMode", "HOURLY").toString();
            var applied = consultant.post("/api/v1/recommendations", body);
            assertThat(applied.status()).as(applied.body()).isEqualTo(200);
            JsonNode first = applied.json().path("candidates").get(0);
            assertThat(first.path("instanceType").asText()).isEqualTo(plan.path("instanceType").asText());
            assertThat(first.path("monthlyPrice").asText()).isEqualTo(plan.path("monthlyPrice").asText());
        }
        // engine v2 (issue 13): LoRA on all linear layers with logits is no longer the cheapest way for this model
        // issue 15: 8 GPUs of full training train only inside the one 8-GPU instance (no RDMA between the 1-GPU types),
        // where sharding the states is what fits
        assertThat(plans.findValuesAsText("code")).contains("ZERO_3", "ZERO_2");
        assertThat(plans.toString()).contains("ZeRO stage 3").contains("host RAM per node");
    }
}
