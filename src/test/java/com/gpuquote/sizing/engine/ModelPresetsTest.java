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
                "deepseek-r1-distill-qwen-7b", "deepseek-r1-distill-qwen-32b",
                "llama-3.1-8b", "llama-3.1-70b", "llama-3.3-70b", "llama-3.1-405b", "qwen3-8b", "qwen3-32b",
                "qwen3-30b-a3b",
                "qwen3-235b-a22b", "mixtral-8x7b", "deepseek-v3", "deepseek-r1", "glm-4-9b", "bge-m3",
                "resnet-50", "vit-l-16", "sdxl-base-1.0");
    }

    @Test
    void parameter_counts_equal_the_standard_formula_over_the_config() {
        for (ModelPreset p : ModelPresets.all()) {
            if (p.kind() != ModelKind.TRANSFORMER || p.isMoe() || p.id().startsWith("qwen3")
                    || p.id().equals("bge-m3")) {
                continue; // other layouts: checked against hand-computed counts below
            }
            assertThat(p.parameters()).as(p.id()).isEqualTo(weightByWeight(p));
        }
    }

    /**
     * The count written out module by module as in Hugging Face's LlamaForCausalLM / Qwen2ForCausalLM (q, k, v, o
     * projections with optional q/k/v biases, gate/up/down, two RMSNorms per layer; embedding, LM head unless tied,
     * final norm), independently of the engine's closed formula.
     */
    private static long weightByWeight(ModelPreset p) {
        long h = p.hiddenSize();
        long headDim = h / p.attentionHeads();
        long kvWidth = p.kvHeads() * headDim;
        long bias = p.qkvBias() ? 1 : 0;
        long qProj = h * h + bias * h;
        long kProj = h * kvWidth + bias * kvWidth;
        long vProj = h * kvWidth + bias * kvWidth;
        long oProj = h * h;
        long gateProj = h * p.intermediateSize();
        long upProj = h * p.intermediateSize();
        long downProj = p.intermediateSize() * h;
        long inputNorm = h;
        long postAttentionNorm = h;
        long layer = qProj + kProj + vProj + oProj + gateProj + upProj + downProj + inputNorm + postAttentionNorm;
        long embedTokens = p.vocabSize() * h;
        long lmHead = p.tiedEmbeddings() ? 0 : p.vocabSize() * h;
        long finalNorm = h;
        return p.layers() * layer + embedTokens + lmHead + finalNorm;
    }

    @Test
    void parameter_counts_match_published_figures() {
        Map<String, Double> published = Map.ofEntries(
                Map.entry("llama-2-7b", 6.738415616e9), Map.entry("llama-2-13b", 13.0e9), Map.entry("llama-2-70b", 69.0e9),
                Map.entry("llama-3-8b", 8.03e9), Map.entry("llama-3-70b", 70.6e9), Map.entry("qwen2.5-7b", 7.61e9),
                Map.entry("qwen2.5-14b", 14.7e9), Map.entry("qwen2.5-32b", 32.5e9), Map.entry("qwen2.5-72b", 72.7e9),
                Map.entry("mistral-7b", 7.24e9), Map.entry("deepseek-r1-distill-qwen-7b", 7.62e9),
                Map.entry("deepseek-r1-distill-qwen-32b", 32.763876352e9),
                Map.entry("llama-3.1-8b", 8.03e9), Map.entry("llama-3.1-70b", 70.6e9), Map.entry("llama-3.3-70b", 70.6e9),
                Map.entry("llama-3.1-405b", 405.85e9), Map.entry("qwen3-8b", 8.19e9), Map.entry("qwen3-32b", 32.76e9),
                Map.entry("qwen3-30b-a3b", 30.53e9), Map.entry("qwen3-235b-a22b", 235.09e9),
                Map.entry("mixtral-8x7b", 46.7e9), Map.entry("deepseek-v3", 671.0e9), Map.entry("deepseek-r1", 671.0e9),
                Map.entry("glm-4-9b", 9.40e9), Map.entry("bge-m3", 568e6), Map.entry("resnet-50", 25.6e6),
                Map.entry("vit-l-16", 304.3e6), Map.entry("sdxl-base-1.0", 3.47e9));
        for (ModelPreset p : ModelPresets.all()) {
            assertThat((double) p.parameters()).as(p.id()).isCloseTo(published.get(p.id()), withinPercentage(1));
        }
    }

    @Test
    void figures_are_consistent_and_sourced() {
        for (ModelPreset p : ModelPresets.all()) {
            assertThat(p.displayName()).isNotBlank();
            assertThat(p.parameterSource()).isNotBlank();
            if (p.kind() != ModelKind.TRANSFORMER) {
                assertThat(p.perSample()).as(p.id()).isNotNull();
                assertThat(p.perSample().source()).isNotBlank();
                assertThat(p.sourceUrl()).startsWith("https://");
                assertThat(SizingEngine.validate(SizingInput.builder(Workload.TRAINING).preset(p.id())
                        .precision(Precision.BF16).build())).isEmpty();
                continue;
            }
            assertThat(p.attentionHeads() % p.kvHeads()).as(p.id()).isZero();
            assertThat(p.sourceUrl()).startsWith("https://huggingface.co/").endsWith("/config.json");
            assertThat(p.activeParameters()).isPositive().isLessThanOrEqualTo(p.parameters());
            assertThat(SizingEngine.validate(SizingInput.builder(Workload.INFERENCE).preset(p.id())
                    .precision(Precision.BF16).sequenceLength(4096).build())).isEmpty();
        }
    }

    @Test
    void qwen3_moe_and_mla_counts_hand_computed_from_their_configs() {
        // qwen3-30b-a3b: per layer q 2048·4096, k and v 2048·512 each, o 4096·2048, 128 experts of 3·2048·768,
        // router 2048·128, norms 2·2048 + 2·128; 48 layers; embedding and LM head 2·151936·2048; final norm 2048
        long perLayer = 2048L * 4096 + 2 * 2048L * 512 + 4096L * 2048 + 128L * 3 * 2048 * 768 + 2048L * 128
                + 2 * 2048 + 2 * 128;
        assertThat(ModelPresets.find("qwen3-30b-a3b").orElseThrow().parameters())
                .isEqualTo(48 * perLayer + 2L * 151936 * 2048 + 2048);
        // active: 8 of 128 experts per token → 3.35B (model card: 3.3B activated)
        assertThat(ModelPresets.find("qwen3-30b-a3b").orElseThrow().activeParameters())
                .isEqualTo(48 * perLayer + 2L * 151936 * 2048 + 2048 - 48L * 120 * 3 * 2048 * 768);
        // mixtral-8x7b: 12.9B active of 46.7B (model card)
        assertThat((double) ModelPresets.find("mixtral-8x7b").orElseThrow().activeParameters())
                .isCloseTo(12.9e9, withinPercentage(0.5));
        assertThat((double) ModelPresets.find("deepseek-v3").orElseThrow().activeParameters())
                .isCloseTo(37.0e9, withinPercentage(2));
        assertThat(ModelPresets.find("deepseek-v3").orElseThrow().kvLoraRank()).isEqualTo(512);
        assertThat(ModelPresets.find("qwen3-32b").orElseThrow().headDim()).isEqualTo(128);
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
