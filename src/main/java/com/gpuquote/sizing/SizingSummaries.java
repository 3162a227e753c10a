package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.shared.I18n;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Workload;

import java.util.Locale;
import java.util.Optional;

/**
 * One sentence on what a saved sizing run was sized for (issue 16: each quote option opens with it): workload,
 * model and size, precision, and the context and concurrency (inference) or sequence length, micro-batch and GPU
 * count (training). Reads the run's saved input JSON; an input it cannot read gives no sentence rather than a wrong
 * one.
 */
public final class SizingSummaries {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SizingSummaries() {
    }

    public static Optional<String> describe(String inputJson, Locale locale) {
        if (inputJson == null || inputJson.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode in = JSON.readTree(inputJson);
            Workload workload = Workload.valueOf(in.path("workload").asText());
            JsonNode model = in.path("model");
            Optional<ModelPreset> preset = model.path("preset").isTextual()
                    ? ModelPresets.find(model.get("preset").asText()) : Optional.empty();
            double parameters = model.path("parameters").isNumber() ? model.get("parameters").asDouble()
                    : preset.map(p -> (double) p.parameters()).orElse(0.0);
            if (workload == Workload.GENERAL_COMPUTE || parameters <= 0) {
                return Optional.empty();
            }
            String billions = String.format(Locale.ROOT, "%.1f", parameters / 1e9);
            String modelText = preset.map(p -> I18n.get(locale, "sizing.summary.model.preset", p.displayName(), billions))
                    .orElseGet(() -> I18n.get(locale, "sizing.summary.model.custom", billions));
            String precision = in.path("precision").isTextual() ? in.get("precision").asText() : "BF16";
            String workloadText = I18n.get(locale, "sizing.summary.workload." + workload.name());
            String seq = in.path("sequenceLength").isInt() ? String.format(Locale.ROOT, "%,d", in.get("sequenceLength").asInt()) : "?";
            int batch = in.path("microBatchSize").isInt() ? in.get("microBatchSize").asInt() : 1;
            if (workload == Workload.INFERENCE) {
                return Optional.of(I18n.get(locale, "sizing.summary.inference", workloadText, modelText, precision, seq,
                        batch));
            }
            int gpus = in.path("gpuCount").isInt() ? in.get("gpuCount").asInt() : 1;
            return Optional.of(I18n.get(locale, "sizing.summary.training", workloadText, modelText, precision, seq,
                    batch, gpus));
        } catch (com.fasterxml.jackson.core.JsonProcessingException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
