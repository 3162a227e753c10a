package com.gpuquote.sizing.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelPresetsTest {

    @Test
    void required_presets_exist_in_order() {
        assertThat(ModelPresets.all()).extracting(ModelPreset::id).containsExactly(
                "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b",
                "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b", "mistral-7b",
                "deepseek-r1-distill-qwen-7b", "deepseek-r1-distill-qwen-32b");
    }

    @Test
    void parameter_counts_equal_the_standard_formula_over_the_config() {
        for (ModelPreset p : ModelPresets.all()) {
            assertThat(p.parameters()).as(p.id()).isEqualTo(ModelPreset.denseDecoderParameters(p.hiddenSize(),
                    p.layers(), p.attentionHeads(), p.kvHeads(), p.intermediateSize(), p.vocabSize(),
                    p.tiedEmbeddings(), p.qkvBias()));
        }
    }

    @Test
    void parameter_counts_match_published_figures() {
        Map<String, Double> published = Map.ofEntries(
                Map.entry("llama-2-7b", 6.738415616e9), Map.entry("llama-2-13b", 13.0e9), Map.entry("llama-2-70b", 69.0e9),
                Map.entry("llama-3-8b", 8.03e9), Map.entry("llama-3-70b", 70.6e9), Map.entry("qwen2.5-7b", 7.61e9),
                Map.entry("qwen2.5-14b", 14.7e9), Map.entry("qwen2.5-32b", 32.5e9), Map.entry("qwen2.5-72b", 72.7e9),
                Map.entry("mistral-7b", 7.24e9), Map.entry("deepseek-r1-distill-qwen-7b", 7.62e9),
                Map.entry("deepseek-r1-distill-qwen-32b", 32.763876352e9));
        for (ModelPreset p : ModelPresets.all()) {
            assertThat((double) p.parameters()).as(p.id()).isCloseTo(published.get(p.id()), withinPercentage(1));
        }
    }

    @Test
    void figures_are_consistent_and_sourced() {
        for (ModelPreset p : ModelPresets.all()) {
            assertThat(p.hiddenSize() % p.attentionHeads()).as(p.id()).isZero();
            assertThat(p.attentionHeads() % p.kvHeads()).as(p.id()).isZero();
            assertThat(p.sourceUrl()).startsWith("https://huggingface.co/").endsWith("/config.json");
            assertThat(p.displayName()).isNotBlank();
            assertThat(p.parameterSource()).isNotBlank();
            assertThat(SizingEngine.validate(SizingInput.builder(Workload.INFERENCE).preset(p.id())
                    .precision(Precision.BF16).sequenceLength(4096).build())).isEmpty();
        }
    }

    @Test
    void gqa_heads_and_head_dims_from_the_configs() {
        assertThat(ModelPresets.find("llama-3-8b")).get().satisfies(p -> {
            assertThat(p.kvHeads()).isEqualTo(8);
            assertThat(p.vocabSize()).isEqualTo(128256);
            assertThat(p.toSpec().headDim()).isEqualTo(128);
            assertThat(p.largestLayerParameters()).isEqualTo(128256L * 4096);
        });
        assertThat(ModelPresets.find("qwen2.5-7b")).get().extracting(ModelPreset::kvHeads).isEqualTo(4);
        assertThat(ModelPresets.find("llama-2-70b")).get().extracting(ModelPreset::kvHeads).isEqualTo(8);
        assertThat(ModelPresets.find("nope")).isEmpty();
        assertThat(ModelPresets.find(null)).isEmpty();
    }
}
