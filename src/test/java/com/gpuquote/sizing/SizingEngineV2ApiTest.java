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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The engine-v2 request fields and result terms of issue 13 over REST (sizing, recommendations, saved runs). */
class SizingEngineV2ApiTest extends IntegrationTest {

    static final double GIB = 1024.0 * 1024 * 1024;

    @Autowired
    SizingFixtures fixtures;

    Api consultant;

    @BeforeEach
    void pricedTenant() {
        TestTenants.TestTenant t = fixtures.pricedTenant("en");
        consultant = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    @Test
    void qloraWithLogitsAndAllLinearAdapters() {
        var r = consultant.post("/api/v1/sizing", """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-3-8b"},"precision":"BF16",
                 "quantization":"NF4","sequenceLength":2048,"trainingMode":"AMP","attention":"FLASH"}""");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        // all linear layers, r 16: 32 · 16 · (2 · (4096 + 4096) + 2 · (4096 + 1024) + 3 · (4096 + 14336))
        assertThat(j.path("trainableParameters").asLong()).isEqualTo(41_943_040L);
        // 2048 tokens · 128,256 vocabulary · (2 + 4 + 4 + 4 + 4) bytes: transformers' loss with its FP32 up-cast
        assertThat(j.path("perGpu").path("logitsGiB").asDouble()).isCloseTo(2048.0 * 128_256 * 18 / GIB, within(5e-4));
        assertThat(j.path("perGpu").path("frameworkGiB").asDouble()).isZero();
        assertThat(j.path("serving").isNull()).isTrue();
        List<String> codes = new ArrayList<>();
        j.path("notes").forEach(n -> codes.add(n.path("code").asText()));
        assertThat(codes).contains("QUANTIZED_LORA_BASE");
    }

    @Test
    void vllmServingReportsTheFrameworkCostAndConcurrencyPerMemoryClass() {
        var r = consultant.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"qwen3-30b-a3b"},"precision":"BF16","sequenceLength":8192,
                 "gpuCount":1,"servingEngine":"VLLM","gpuMemoryUtilization":0.9,"quantization":"AWQ_INT4"}""");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(j.path("activeParameters").asLong()).isEqualTo(3_353_032_704L);
        assertThat(j.path("perGpu").path("frameworkGiB").asDouble()).isGreaterThan(1.5); // context + peak + graphs
        assertThat(j.path("perGpu").path("overheadGiB").asDouble()).isZero();
        JsonNode serving = j.path("serving");
        assertThat(serving.path("engine").asText()).isEqualTo("VLLM");
        // 2 · 48 layers · 4 KV heads · 128 · 2 bytes = 98,304 B per token
        assertThat(serving.path("kvCacheBytesPerTokenPerGpu").asLong()).isEqualTo(98_304L);
        assertThat(serving.path("maxConcurrentSequences")).hasSize(8);
        assertThat(serving.path("maxConcurrentSequences").get(0).path("vramGiB").asInt()).isEqualTo(16);
        double at80 = serving.path("maxConcurrentSequences").get(5).path("sequences").asDouble();
        double at24 = serving.path("maxConcurrentSequences").get(1).path("sequences").asDouble();
        // each extra GiB of budget holds 2^30 / (98,304 · 8192) = 1.333 more sequences
        assertThat(at80 - at24).isCloseTo(0.9 * 56 * GIB / (98_304.0 * 8192), within(0.02));
        assertThat(j.path("host").path("swapSpaceGiB").asDouble()).isEqualTo(4.0);
    }

    @Test
    void recommendationsCarryTheMaxConcurrentSequencesOfEachCandidate() {
        var r = consultant.post("/api/v1/recommendations", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096,
                 "gpuCount":1,"region":"cn-beijing","billingMode":"HOURLY","servingEngine":"VLLM"}""");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode candidates = r.json().path("candidates");
        assertThat(candidates).isNotEmpty();
        candidates.forEach(c -> assertThat(c.path("maxConcurrentSequences").asDouble()).as(c.toString())
                .isGreaterThan(1));
        var training = consultant.post("/api/v1/recommendations", """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-2-7b"},"precision":"BF16","sequenceLength":1024,
                 "gpuCount":1,"region":"cn-beijing","billingMode":"HOURLY"}""");
        training.json().path("candidates").forEach(c -> assertThat(c.path("maxConcurrentSequences").isNull()).isTrue());
    }

    @Test
    void badEngineV2FieldsAreNamedInTheProblem() {
        var r = consultant.post("/api/v1/sizing", """
                {"workload":"TRAINING","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":1024,
                 "quantization":"NF4","gpuMemoryUtilization":1.5,"swapSpaceGiB":-1}""");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).contains("quantization", "gpuMemoryUtilization", "swapSpaceGiB");
        var unknown = consultant.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"llama-3-8b"},"precision":"BF16","sequenceLength":1024,
                 "quantization":"Q3_K_S"}""");
        assertThat(unknown.status()).as(unknown.body()).isEqualTo(400);
        var vision = consultant.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"sdxl-base-1.0"},"precision":"BF16"}""");
        assertThat(vision.status()).isEqualTo(400);
    }

    @Test
    void anIssue5RequestStaysValidAndIsSizedWithTheDefaults() {
        var r = consultant.post("/api/v1/sizing", """
                {"workload":"TRAINING","model":{"parameters":7000000000,"layers":32,"hiddenSize":4096,
                 "attentionHeads":32},"precision":"BF16","sequenceLength":4096,"optimizer":"ADAMW","zeroStage":0}""");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode g = r.json().path("perGpu");
        // AMP: 2 + 4 + 12 = 18 bytes per parameter
        assertThat(g.path("weightsGiB").asDouble() + g.path("gradientsGiB").asDouble()
                + g.path("optimizerStatesGiB").asDouble()).isCloseTo(18 * 7e9 / GIB, within(2e-3));
        // FlashAttention by default: the GPT block keeps 34·h per token, 32 · 4096 · 4096 · 34 bytes = 17 GiB
        assertThat(g.path("activationsGiB").asDouble()).isCloseTo(17.0, within(1e-3));
    }

    @Test
    void visionAndDiffusionPresetsAreListedWithTheirSource() {
        var r = consultant.get("/api/v1/sizing/presets");
        JsonNode sdxl = null;
        for (JsonNode p : r.json()) {
            if (p.path("id").asText().equals("sdxl-base-1.0")) {
                sdxl = p;
            }
        }
        assertThat(sdxl).isNotNull();
        assertThat(sdxl.path("kind").asText()).isEqualTo("DIFFUSION");
        assertThat(sdxl.path("referenceResolution").asInt()).isEqualTo(1024);
        assertThat(sdxl.path("activationSource").asText()).contains("SimpleTuner");
        var lora = consultant.post("/api/v1/sizing", """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"sdxl-base-1.0"},"precision":"BF16","loraRank":4,
                 "microBatchSize":1,"imageResolution":1024}""");
        assertThat(lora.status()).as(lora.body()).isEqualTo(200);
        // 1,451,520 LoRA parameters per rank on the UNet's attention projections
        assertThat(lora.json().path("trainableParameters").asLong()).isEqualTo(4 * 1_451_520L);
    }
}
