package com.gpuquote.sizing.api;

import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.I18n;
import com.gpuquote.sizing.SizingReport;
import com.gpuquote.sizing.SizingService;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.sizing.engine.ModelInput;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.SizingInput;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

@RestController
@RequestMapping("/api/v1/sizing")
@Tag(name = "Sizing")
class SizingController {

    record PresetJson(String id, String displayName, long parameters, int layers, int hiddenSize, int attentionHeads,
                      int kvHeads, int vocabSize, int intermediateSize, long largestLayerParameters, String sourceUrl,
                      String kind, int headDim, boolean tieWordEmbeddings, int experts, int expertsPerToken,
                      int moeIntermediateSize, int sharedExperts, int kvLoraRank, int qkRopeHeadDim,
                      long activeParameters, Integer referenceResolution, Double activationGiBPerSample,
                      String activationSource) {
        static PresetJson of(ModelPreset p) {
            return new PresetJson(p.id(), p.displayName(), p.parameters(), p.layers(), p.hiddenSize(),
                    p.attentionHeads(), p.kvHeads(), p.vocabSize(), p.intermediateSize(), p.largestLayerParameters(),
                    p.sourceUrl(), p.kind().name(), p.headDim(), p.tiedEmbeddings(), p.experts(), p.expertsPerToken(),
                    p.moeIntermediateSize(), p.sharedExperts(), p.kvLoraRank(), p.qkRopeHeadDim(),
                    p.activeParameters(),
                    p.perSample() == null ? null : p.perSample().referenceResolution(),
                    p.perSample() == null ? null : p.perSample().activationGiBPerSample(),
                    p.perSample() == null ? null : p.perSample().source());
        }
    }

    private final SizingService sizing;

    SizingController(SizingService sizing) {
        this.sizing = sizing;
    }

    @PostMapping
    @Operation(summary = "GPU memory per GPU, host memory per node, RAM:VRAM band and recommended host RAM (GiB = 2^30 bytes)")
    SizingReport size(@RequestBody SizingInput input,
                      @RequestHeader(value = "Accept-Language", required = false) @Nullable String language) {
        return SizingReport.of(sizing.size(input), locale(language));
    }

    @PostMapping("/model-from-config")
    @Operation(summary = "The explicit model figures of a pasted Hugging Face config.json (400 naming each field it"
            + " cannot read)")
    ModelInput modelFromConfig(@RequestBody @Nullable JsonNode config) {
        return sizing.modelFromConfig(config);
    }

    @GetMapping("/presets")
    @Operation(summary = "Built-in model presets (figures of the published config.json)")
    List<PresetJson> presets() {
        return sizing.presets().stream().map(PresetJson::of).toList();
    }

    /** Accept-Language when sent, else the tenant's locale. */
    static Locale locale(String acceptLanguage) {
        if (acceptLanguage != null && !acceptLanguage.isBlank()) {
            return I18n.fromTag(acceptLanguage.trim());
        }
        return I18n.fromTag(CurrentUser.get().map(u -> u.tenantLocale()).orElse(null));
    }
}
