package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SizingApiTest extends IntegrationTest {

    private static final String INFERENCE_7B = """
            {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""";
    private static final String EXPLICIT = """
            "model":{"parameters":7000000000,"layers":32,"hiddenSize":4096,"attentionHeads":32}""";

    private Api consultant() {
        return Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
    }

    @Test
    void llama2_7bFp16InferenceReproducesTheReferenceWeights() {
        var r = consultant().post("/api/v1/sizing", INFERENCE_7B);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(j.path("perGpu").path("weightsGiB").decimalValue()).isEqualByComparingTo("12.551");
        assertThat(j.path("perGpu").path("weightsGiB").isNumber()).isTrue();
        for (String f : List.of("weightsGiB", "gradientsGiB", "optimizerStatesGiB", "activationsGiB", "kvCacheGiB",
                "buffersGiB", "overheadGiB", "totalGiB")) {
            assertThat(j.path("perGpu").has(f)).as(f).isTrue();
        }
        for (String f : List.of("offloadGiB", "modelLoadingGiB", "datasetCacheGiB", "dataloaderGiB", "osReserveGiB",
                "totalGiB")) {
            assertThat(j.path("host").has(f)).as(f).isTrue();
        }
        // KV cache: 524,288 B per token × 4096 tokens = 2 GiB
        assertThat(j.path("perGpu").path("kvCacheGiB").decimalValue()).isEqualByComparingTo("2.000");
        assertThat(j.path("nodes").asInt()).isEqualTo(1);
        assertThat(j.path("ratioBand").path("min").asDouble()).isEqualTo(1.0);
        assertThat(j.path("ratioBand").path("max").asDouble()).isEqualTo(2.0);
        assertThat(j.path("recommendedHostRamGiB").isNumber()).isTrue();
        assertThat(j.path("notes").isArray()).isTrue();
    }

    @Test
    void theResponseNamesTheDominantTermAndShowsHostNeedBesidePolicy() {
        // Llama-3-8B LoRA under the HF Trainer + PEFT preset at 8,192 tokens with gradient checkpointing:
        // transformers' loss keeps 18 bytes per logit, 8192 · 128256 · 18 B = 17.6 GiB, more than the 15 GiB of
        // 16-bit weights and the 2 GiB of checkpointed layer inputs
        String body = """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-3-8b"},"precision":"BF16",
                 "sequenceLength":8192,"framework":"HF_TRAINER_PEFT","activationRecompute":"FULL"}""";
        var r = consultant().post("/api/v1/sizing", body);
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode j = r.json();
        assertThat(j.path("perGpu").path("logitsGiB").decimalValue())
                .isEqualByComparingTo(BigDecimal.valueOf(8192.0 * 128256 * 18 / (1L << 30))
                        .setScale(3, RoundingMode.HALF_UP));
        assertThat(j.path("dominantTerm").asText()).isEqualTo("logits");
        assertThat(j.path("terms").get(0).path("term").asText()).isEqualTo("logits");
        assertThat(j.path("terms").get(0).path("sharePercent").isNumber()).isTrue();
        assertThat(j.path("perGpu").has("zeroBucketsGiB")).isTrue();
        // need and policy: the quote follows the larger, the policy's band minimum here (2 × VRAM for LoRA)
        double need = j.path("hostRamNeededGiB").asDouble();
        double policy = j.path("hostRamPolicyMinimumGiB").asDouble();
        assertThat(need).isEqualTo(j.path("host").path("totalGiB").asDouble());
        assertThat(policy).isCloseTo(2 * j.path("vramPerNodeGiB").asDouble(), within(0.002));
        assertThat(j.path("recommendedHostRamGiB").asDouble()).isEqualTo(Math.max(need, policy));
    }

    @Test
    void aPastedConfigJsonBecomesAModelAndAnUnreadableOneIsA400() {
        var ok = consultant().post("/api/v1/sizing/model-from-config", """
                {"architectures":["Qwen2ForCausalLM"],"hidden_size":3584,"intermediate_size":18944,
                 "num_attention_heads":28,"num_hidden_layers":28,"num_key_value_heads":4,"vocab_size":152064,
                 "tie_word_embeddings":false}""");
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().path("layers").asInt()).isEqualTo(28);
        assertThat(ok.json().path("kvHeads").asInt()).isEqualTo(4);
        var bad = consultant().post("/api/v1/sizing/model-from-config", """
                {"architectures":["RwkvForCausalLM"],"hidden_size":4096}""");
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(bad.body()).contains("config.architectures").contains("config.num_hidden_layers");
    }

    @Test
    void anUnknownFrameworkIsAClear400() {
        var r = consultant().post("/api/v1/sizing", """
                {"workload":"LORA_FINE_TUNING","model":{"preset":"llama-3-8b"},"precision":"BF16",
                 "sequenceLength":1024,"framework":"MEGATRON"}""");
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("framework");
    }

    @Test
    void notesAreInTheRequestedLanguage() {
        String body = """
                {"workload":"INFERENCE","model":{"preset":"llama-3-8b"},"precision":"INT8","sequenceLength":8192}""";
        var en = consultant().send("POST", "/api/v1/sizing", "application/json", body);
        JsonNode note = en.json().path("notes").get(0);
        // sanfei's locale is zh-CN
        assertThat(note.path("code").asText()).isEqualTo("KV_CACHE_16BIT");
        assertThat(note.path("message").asText()).contains("KV 缓存");
        var english = Api.basic(baseUrl(), "consultant@northwind.demo", "Demo-Consultant-2026!").post("/api/v1/sizing", body);
        assertThat(english.json().path("notes").get(0).path("message").asText()).startsWith("KV cache sized at 16 bits");
    }

    @Test
    void presetsAreListed() {
        var r = consultant().get("/api/v1/sizing/presets");
        assertThat(r.status()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        r.json().forEach(p -> ids.add(p.path("id").asText()));
        assertThat(ids).contains("llama-2-7b", "llama-3-8b", "qwen2.5-72b");
        assertThat(r.json().get(0).path("parameters").asLong()).isEqualTo(6_738_415_616L);
    }

    @Test
    void withoutCredentialsIs401() {
        assertThat(Api.anonymous(baseUrl()).post("/api/v1/sizing", INFERENCE_7B).status()).isEqualTo(401);
    }

    static Stream<Arguments> invalidInputs() {
        return Stream.of(
                Arguments.of("INT8 training", """
                        {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"INT8","sequenceLength":2048}""",
                        "precision", "quantizedTraining"),
                Arguments.of("INT4 training", """
                        {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"INT4","sequenceLength":2048}""",
                        "precision", "quantizedTraining"),
                Arguments.of("FP8 training", """
                        {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"FP8","sequenceLength":2048}""",
                        "precision", "quantizedTraining"),
                Arguments.of("OPTIMIZER_AND_PARAMS below stage 3", """
                        {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"BF16","sequenceLength":2048,
                         "zeroStage":2,"offload":"OPTIMIZER_AND_PARAMS"}""", "offload", "paramsNeedStage3"),
                Arguments.of("OPTIMIZER offload at stage 0", """
                        {"workload":"TRAINING","model":{"preset":"llama-2-7b"},"precision":"BF16","sequenceLength":2048,
                         "zeroStage":0,"offload":"OPTIMIZER"}""", "offload", "optimizerNeedsStage1"),
                Arguments.of("zero parameters", """
                        {"workload":"INFERENCE","model":{"parameters":0,"layers":32,"hiddenSize":4096,"attentionHeads":32},
                         "precision":"FP16","sequenceLength":2048}""", "model.parameters", "positive"),
                Arguments.of("negative layers", """
                        {"workload":"INFERENCE","model":{"parameters":7000000000,"layers":-1,"hiddenSize":4096,"attentionHeads":32},
                         "precision":"FP16","sequenceLength":2048}""", "model.layers", "positive"),
                Arguments.of("zero sequence length", "{\"workload\":\"INFERENCE\"," + EXPLICIT
                        + ",\"precision\":\"FP16\",\"sequenceLength\":0}", "sequenceLength", "positive"),
                Arguments.of("zero gpuCount", "{\"workload\":\"INFERENCE\"," + EXPLICIT
                        + ",\"precision\":\"FP16\",\"sequenceLength\":2048,\"gpuCount\":0}", "gpuCount", "positive"),
                Arguments.of("zero micro-batch", "{\"workload\":\"INFERENCE\"," + EXPLICIT
                        + ",\"precision\":\"FP16\",\"sequenceLength\":2048,\"microBatchSize\":0}", "microBatchSize", "positive"),
                Arguments.of("negative dataset", "{\"workload\":\"TRAINING\"," + EXPLICIT
                        + ",\"precision\":\"BF16\",\"sequenceLength\":2048,\"dataset\":{\"sizeGiB\":-5,\"cacheInRam\":true}}",
                        "dataset.sizeGiB", "positive"),
                Arguments.of("heads not dividing hidden", """
                        {"workload":"INFERENCE","model":{"parameters":7000000000,"layers":32,"hiddenSize":4096,"attentionHeads":30},
                         "precision":"FP16","sequenceLength":2048}""", "model.attentionHeads", "mustDivideHidden"),
                Arguments.of("parameters above 10^13", """
                        {"workload":"INFERENCE","model":{"parameters":10000000000001,"layers":32,"hiddenSize":4096,"attentionHeads":32},
                         "precision":"FP16","sequenceLength":2048}""", "model.parameters", "tooLarge"),
                Arguments.of("sequence above 2^20", "{\"workload\":\"INFERENCE\"," + EXPLICIT
                        + ",\"precision\":\"FP16\",\"sequenceLength\":1048577}", "sequenceLength", "tooLarge"),
                Arguments.of("gpuCount above 4096", "{\"workload\":\"INFERENCE\"," + EXPLICIT
                        + ",\"precision\":\"FP16\",\"sequenceLength\":2048,\"gpuCount\":4097}", "gpuCount", "tooLarge"),
                Arguments.of("unknown precision", """
                        {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP12","sequenceLength":2048}""",
                        "precision", "invalid"),
                Arguments.of("unknown workload", """
                        {"workload":"MINING","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":2048}""",
                        "workload", "invalid"),
                Arguments.of("wrong JSON type", """
                        {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":"long"}""",
                        "sequenceLength", "invalid"),
                Arguments.of("wrong nested JSON type", """
                        {"workload":"INFERENCE","model":{"preset":"llama-2-7b","layers":"many"},"precision":"FP16","sequenceLength":2}""",
                        "model.layers", "invalid"),
                Arguments.of("unknown preset", """
                        {"workload":"INFERENCE","model":{"preset":"gpt-17"},"precision":"FP16","sequenceLength":2048}""",
                        "model.preset", "unknown"),
                Arguments.of("preset and explicit figures", """
                        {"workload":"INFERENCE","model":{"preset":"llama-2-7b","layers":3},"precision":"FP16","sequenceLength":2048}""",
                        "model", "presetOrExplicit"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidInputs")
    void everyValidationErrorIs400NamingTheField(String name, String body, String field, String code) {
        var r = consultant().post("/api/v1/sizing", body);
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        List<String> fields = new ArrayList<>();
        List<String> codes = new ArrayList<>();
        r.json().path("errors").forEach(e -> {
            fields.add(e.path("field").asText());
            codes.add(e.path("code").asText());
            assertThat(e.path("message").asText()).isNotBlank();
        });
        assertThat(fields).as(r.body()).contains(field);
        assertThat(codes.get(fields.indexOf(field))).isEqualTo(code);
    }

    @Test
    void unknownEnumValueListsTheAcceptedOnesWithoutJavaNames() {
        var r = consultant().post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP12","sequenceLength":2048}""");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains("FP12").contains("BF16");
        assertThat(r.body()).doesNotContain("com.gpuquote");
    }

    @Test
    void allProblemsAreReportedAtOnce() {
        var r = consultant().post("/api/v1/sizing", """
                {"workload":"TRAINING","model":{"parameters":-1,"layers":32,"hiddenSize":4096,"attentionHeads":30},
                 "precision":"INT4","sequenceLength":2097152,"gpuCount":5000,"zeroStage":0,"offload":"OPTIMIZER"}""");
        assertThat(r.status()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).contains("model.parameters", "model.attentionHeads", "precision", "sequenceLength",
                "gpuCount", "offload");
    }
}
