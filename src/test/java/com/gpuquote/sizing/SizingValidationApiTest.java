package com.gpuquote.sizing;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every engine rejection not already covered by {@link SizingApiTest}, over both {@code POST /api/v1/sizing} and
 * {@code POST /api/v1/recommendations}: 400 problem details naming the field with the engine's code
 * (see engine/ValidationTest).
 */
class SizingValidationApiTest extends IntegrationTest {

    private static final String PRESET_TRAINING =
            "\"workload\":\"TRAINING\",\"model\":{\"preset\":\"llama-3-8b\"},\"precision\":\"BF16\",\"sequenceLength\":2048";
    private static final String PRESET_LORA =
            "\"workload\":\"LORA_FINE_TUNING\",\"model\":{\"preset\":\"llama-3-8b\"},\"precision\":\"BF16\",\"sequenceLength\":2048";
    private static final String RECOMMENDATION_CONTEXT = ",\"region\":\"cn-beijing\",\"billingMode\":\"HOURLY\"";

    private Api consultant() {
        return Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!");
    }

    /** An inference request with an explicit model whose figures are replaced by {@code model}. */
    private static String explicitInference(String model) {
        return "\"workload\":\"INFERENCE\",\"model\":{" + model + "},\"precision\":\"BF16\",\"sequenceLength\":1024";
    }

    private static Arguments bad(String name, String fields, String field, String code) {
        return Arguments.of(name, fields, field, code);
    }

    static Stream<Arguments> invalidInputs() {
        String base = "\"parameters\":7000000000,\"layers\":32,\"hiddenSize\":4096,\"attentionHeads\":32";
        return Stream.of(
                bad("zeroStage 4", PRESET_TRAINING + ",\"zeroStage\":4", "zeroStage", "range"),
                bad("zeroStage -1", PRESET_TRAINING + ",\"zeroStage\":-1", "zeroStage", "range"),
                bad("gpusPerNode 0", PRESET_TRAINING + ",\"gpusPerNode\":0", "gpusPerNode", "positive"),
                bad("gpusPerNode 4097", PRESET_TRAINING + ",\"gpusPerNode\":4097", "gpusPerNode", "tooLarge"),
                bad("kvHeads 0", explicitInference(base + ",\"kvHeads\":0"), "model.kvHeads", "positive"),
                bad("kvHeads not dividing heads", explicitInference(base + ",\"kvHeads\":6"),
                        "model.kvHeads", "mustDivideHeads"),
                bad("vocabSize 0", explicitInference(base + ",\"vocabSize\":0"), "model.vocabSize", "positive"),
                bad("largestLayerParameters 0", explicitInference(base + ",\"largestLayerParameters\":0"),
                        "model.largestLayerParameters", "positive"),
                bad("largestLayerParameters above parameters",
                        explicitInference(base + ",\"largestLayerParameters\":7000000001"),
                        "model.largestLayerParameters", "exceedsParameters"),
                bad("loraRank 0", PRESET_LORA + ",\"loraRank\":0", "loraRank", "positive"),
                bad("loraRank above hidden size", PRESET_LORA + ",\"loraRank\":4097", "loraRank", "exceedsHidden"),
                bad("loraRank above 2^20", PRESET_LORA + ",\"loraRank\":1048577", "loraRank", "tooLarge"),
                bad("dataloaderWorkersPerGpu -1", PRESET_TRAINING + ",\"dataloaderWorkersPerGpu\":-1",
                        "dataloaderWorkersPerGpu", "nonNegative"),
                bad("general compute without gpuWorkingSetGiB", "\"workload\":\"GENERAL_COMPUTE\",\"hostWorkingSetGiB\":10",
                        "gpuWorkingSetGiB", "required"),
                bad("general compute without hostWorkingSetGiB", "\"workload\":\"GENERAL_COMPUTE\",\"gpuWorkingSetGiB\":10",
                        "hostWorkingSetGiB", "required"),
                bad("general compute with negative gpuWorkingSetGiB",
                        "\"workload\":\"GENERAL_COMPUTE\",\"gpuWorkingSetGiB\":-1,\"hostWorkingSetGiB\":10",
                        "gpuWorkingSetGiB", "positive"),
                bad("general compute with zero hostWorkingSetGiB",
                        "\"workload\":\"GENERAL_COMPUTE\",\"gpuWorkingSetGiB\":10,\"hostWorkingSetGiB\":0",
                        "hostWorkingSetGiB", "positive"),
                bad("workload missing", "\"model\":{\"preset\":\"llama-3-8b\"},\"precision\":\"BF16\",\"sequenceLength\":2048",
                        "workload", "required"),
                bad("model missing", "\"workload\":\"INFERENCE\",\"precision\":\"BF16\",\"sequenceLength\":2048",
                        "model", "required"),
                bad("precision missing", "\"workload\":\"INFERENCE\",\"model\":{\"preset\":\"llama-3-8b\"},\"sequenceLength\":2048",
                        "precision", "required"),
                bad("sequenceLength missing", "\"workload\":\"INFERENCE\",\"model\":{\"preset\":\"llama-3-8b\"},\"precision\":\"BF16\"",
                        "sequenceLength", "required"),
                bad("microBatchSize above 65536", PRESET_TRAINING + ",\"microBatchSize\":65537",
                        "microBatchSize", "tooLarge"),
                bad("layers above 10000",
                        explicitInference("\"parameters\":7000000000,\"layers\":10001,\"hiddenSize\":4096,\"attentionHeads\":32"),
                        "model.layers", "tooLarge"),
                bad("hiddenSize above 2^20",
                        explicitInference("\"parameters\":7000000000,\"layers\":32,\"hiddenSize\":1048577,\"attentionHeads\":1"),
                        "model.hiddenSize", "tooLarge"),
                bad("attentionHeads above 2^20",
                        explicitInference("\"parameters\":7000000000,\"layers\":32,\"hiddenSize\":4096,\"attentionHeads\":1048577"),
                        "model.attentionHeads", "tooLarge"));
    }

    @ParameterizedTest(name = "sizing: {0}")
    @MethodSource("invalidInputs")
    void sizingRejectsWithTheFieldNamed(String name, String fields, String field, String code) {
        assertRejected(consultant().post("/api/v1/sizing", "{" + fields + "}"), field, code);
    }

    @ParameterizedTest(name = "recommendations: {0}")
    @MethodSource("invalidInputs")
    void recommendationsRejectWithTheFieldNamed(String name, String fields, String field, String code) {
        assertRejected(consultant().post("/api/v1/recommendations", "{" + fields + RECOMMENDATION_CONTEXT + "}"),
                field, code);
    }

    @Test
    void recommendationsRequireARegion() {
        var r = consultant().post("/api/v1/recommendations", "{" + PRESET_TRAINING + ",\"billingMode\":\"HOURLY\"}");
        assertRejected(r, "region", "required");
    }

    @Test
    void severalBadFieldsAreAllNamedAtOnceOnBothEndpoints() {
        String body = "\"workload\":\"LORA_FINE_TUNING\",\"model\":{\"parameters\":7000000000,\"layers\":32,"
                + "\"hiddenSize\":4096,\"attentionHeads\":32,\"kvHeads\":6,\"vocabSize\":0},\"precision\":\"BF16\","
                + "\"sequenceLength\":2048,\"zeroStage\":5,\"gpusPerNode\":0,\"loraRank\":0,"
                + "\"dataloaderWorkersPerGpu\":-3,\"microBatchSize\":70000";
        List<String> expected = List.of("model.kvHeads", "model.vocabSize", "zeroStage", "gpusPerNode", "loraRank",
                "dataloaderWorkersPerGpu", "microBatchSize");
        assertThat(fields(consultant().post("/api/v1/sizing", "{" + body + "}"))).containsAll(expected);
        var rec = consultant().post("/api/v1/recommendations", "{" + body + ",\"billingMode\":\"HOURLY\"}");
        assertThat(fields(rec)).containsAll(expected).contains("region");
    }

    private static List<String> fields(Api.Response r) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        return fields;
    }

    private static void assertRejected(Api.Response r, String field, String code) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        List<String> pairs = new ArrayList<>();
        r.json().path("errors").forEach(e -> {
            pairs.add(e.path("field").asText() + "/" + e.path("code").asText());
            assertThat(e.path("message").asText()).isNotBlank();
        });
        assertThat(pairs).as(r.body()).contains(field + "/" + code);
    }
}
