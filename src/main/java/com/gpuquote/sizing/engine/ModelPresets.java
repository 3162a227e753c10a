package com.gpuquote.sizing.engine;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Built-in model presets. Figures are those of each model's published config.json on Hugging Face
 * ({@code sourceUrl}); parameter counts are computed from the config with
 * {@link ModelPreset#denseDecoderParameters} and agree with the model cards (see docs/sizing-model.md).
 */
public final class ModelPresets {

    private static final String HF = "https://huggingface.co/";
    private static final String COMPUTED = "computed from config.json with the standard dense-decoder formula";

    private static final List<ModelPreset> ALL = List.of(
            new ModelPreset("llama-2-7b", "Llama 2 7B", 6_738_415_616L, 32, 4096, 32, 32, 32000, 11008, false, false,
                    HF + "meta-llama/Llama-2-7b-hf/blob/main/config.json", COMPUTED + "; = 6,738,415,616 in the issue's reference"),
            new ModelPreset("llama-2-13b", "Llama 2 13B", 13_015_864_320L, 40, 5120, 40, 40, 32000, 13824, false, false,
                    HF + "meta-llama/Llama-2-13b-hf/blob/main/config.json", COMPUTED),
            new ModelPreset("llama-2-70b", "Llama 2 70B", 68_976_648_192L, 80, 8192, 64, 8, 32000, 28672, false, false,
                    HF + "meta-llama/Llama-2-70b-hf/blob/main/config.json", COMPUTED),
            new ModelPreset("llama-3-8b", "Llama 3 8B", 8_030_261_248L, 32, 4096, 32, 8, 128256, 14336, false, false,
                    HF + "meta-llama/Meta-Llama-3-8B/blob/main/config.json", COMPUTED + "; model card: 8B"),
            new ModelPreset("llama-3-70b", "Llama 3 70B", 70_553_706_496L, 80, 8192, 64, 8, 128256, 28672, false, false,
                    HF + "meta-llama/Meta-Llama-3-70B/blob/main/config.json", COMPUTED + "; model card: 70B"),
            new ModelPreset("qwen2.5-7b", "Qwen2.5 7B", 7_615_616_512L, 28, 3584, 28, 4, 152064, 18944, false, true,
                    HF + "Qwen/Qwen2.5-7B/blob/main/config.json", COMPUTED + "; model card: 7.61B"),
            new ModelPreset("qwen2.5-14b", "Qwen2.5 14B", 14_770_033_664L, 48, 5120, 40, 8, 152064, 13824, false, true,
                    HF + "Qwen/Qwen2.5-14B/blob/main/config.json", COMPUTED + "; model card: 14.7B"),
            new ModelPreset("qwen2.5-32b", "Qwen2.5 32B", 32_763_876_352L, 64, 5120, 40, 8, 152064, 27648, false, true,
                    HF + "Qwen/Qwen2.5-32B/blob/main/config.json", COMPUTED + "; model card: 32.5B"),
            new ModelPreset("qwen2.5-72b", "Qwen2.5 72B", 72_706_203_648L, 80, 8192, 64, 8, 152064, 29568, false, true,
                    HF + "Qwen/Qwen2.5-72B/blob/main/config.json", COMPUTED + "; model card: 72.7B"),
            new ModelPreset("mistral-7b", "Mistral 7B v0.1", 7_241_732_096L, 32, 4096, 32, 8, 32000, 14336, false, false,
                    HF + "mistralai/Mistral-7B-v0.1/blob/main/config.json", COMPUTED + "; model card: 7.3B"),
            new ModelPreset("deepseek-r1-distill-qwen-7b", "DeepSeek-R1-Distill-Qwen 7B", 7_615_616_512L, 28, 3584, 28, 4,
                    152064, 18944, false, true,
                    HF + "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B/blob/main/config.json",
                    COMPUTED + " (Qwen2.5-Math-7B architecture); model card: 7.62B"),
            new ModelPreset("deepseek-r1-distill-qwen-32b", "DeepSeek-R1-Distill-Qwen 32B", 32_763_876_352L, 64, 5120, 40,
                    8, 152064, 27648, false, true,
                    HF + "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B/blob/main/config.json",
                    COMPUTED + "; = safetensors total 32,763,876,352 on the model page"),
            // issue 13: current dense, MoE and MLA models, an embedding model, vision and diffusion
            new ModelPreset("llama-3.1-8b", "Llama 3.1 8B", 8_030_261_248L, 32, 4096, 32, 8, 128256, 14336, false, false,
                    HF + "meta-llama/Llama-3.1-8B/blob/main/config.json", COMPUTED + "; model card: 8B"),
            new ModelPreset("llama-3.1-70b", "Llama 3.1 70B", 70_553_706_496L, 80, 8192, 64, 8, 128256, 28672, false,
                    false, HF + "meta-llama/Llama-3.1-70B/blob/main/config.json", COMPUTED + "; model card: 70B"),
            new ModelPreset("llama-3.3-70b", "Llama 3.3 70B", 70_553_706_496L, 80, 8192, 64, 8, 128256, 28672, false,
                    false, HF + "meta-llama/Llama-3.3-70B-Instruct/blob/main/config.json",
                    COMPUTED + " (the Llama 3.1 70B architecture); model card: 70B"),
            new ModelPreset("llama-3.1-405b", "Llama 3.1 405B", 405_853_388_800L, 126, 16384, 128, 8, 128256, 53248,
                    false, false, HF + "meta-llama/Llama-3.1-405B/blob/main/config.json",
                    COMPUTED + "; model card: 405B (406B on the model page)"),
            qwen3("qwen3-8b", "Qwen3 8B", 36, 4096, 32, 8, 12288, 0, 0, "Qwen/Qwen3-8B", "8.2B"),
            qwen3("qwen3-32b", "Qwen3 32B", 64, 5120, 64, 8, 25600, 0, 0, "Qwen/Qwen3-32B", "32.8B"),
            qwen3("qwen3-30b-a3b", "Qwen3 30B-A3B (MoE)", 48, 2048, 32, 4, 6144, 128, 768, "Qwen/Qwen3-30B-A3B",
                    "30.5B total, 3.3B activated"),
            qwen3("qwen3-235b-a22b", "Qwen3 235B-A22B (MoE)", 94, 4096, 64, 4, 12288, 128, 1536,
                    "Qwen/Qwen3-235B-A22B", "235B total, 22B activated"),
            new ModelPreset("mixtral-8x7b", "Mixtral 8x7B (MoE)", 46_702_792_704L, 32, 4096, 32, 8, 32000, 14336, false,
                    false, HF + "mistralai/Mixtral-8x7B-v0.1/blob/main/config.json",
                    "computed from config.json (8 gated experts of 3·h·I per layer, router h·8); model card: 46.7B total,"
                            + " 12.9B active", ModelKind.TRANSFORMER, 128, true, 8, 2, 14336, 0, 0, 0,
                    12_879_925_248L, null),
            deepseekV3("deepseek-v3", "DeepSeek-V3 (MoE, MLA)", "deepseek-ai/DeepSeek-V3"),
            deepseekV3("deepseek-r1", "DeepSeek-R1 (MoE, MLA)", "deepseek-ai/DeepSeek-R1"),
            new ModelPreset("glm-4-9b", "GLM-4 9B", 9_399_951_360L, 40, 4096, 32, 2, 151552, 13696, false, true,
                    HF + "THUDM/glm-4-9b/blob/main/config.json",
                    COMPUTED + " (num_layers 40, multi_query_group_num 2, ffn_hidden_size 13696, padded_vocab_size"
                            + " 151552, add_qkv_bias); model card: 9.4B"),
            new ModelPreset("bge-m3", "BGE-M3 (embedding, XLM-RoBERTa large)", 567_754_752L, 24, 1024, 16, 16, 250002,
                    4096, true, true, HF + "BAAI/bge-m3/blob/main/config.json",
                    "computed from config.json (BERT layout: 4·(h²+h) attention, 2·h·I + I + h GELU MLP, two LayerNorms"
                            + " per layer; word, position (8194) and type embeddings; pooler); model card: 568M",
                    ModelKind.TRANSFORMER, 64, false, 0, 0, 0, 0, 0, 0, 567_754_752L, null),
            VisionPresets.RESNET_50,
            VisionPresets.VIT_L_16,
            VisionPresets.SDXL);

    private static ModelPreset qwen3(String id, String name, int layers, int hidden, int heads, int kv, int intermediate,
                                     int experts, int moeIntermediate, String repo, String card) {
        int headDim = 128;
        int vocab = 151936;
        long total = ModelPreset.qwen3Parameters(hidden, layers, heads, kv, headDim, intermediate, experts,
                moeIntermediate, vocab, false);
        long active = experts > 0
                ? total - ModelSpec.inactiveExpertParameters(layers, hidden, experts, 8, moeIntermediate) : total;
        return new ModelPreset(id, name, total, layers, hidden, heads, kv, vocab, intermediate, false, false,
                HF + repo + "/blob/main/config.json",
                "computed from config.json (head_dim 128, q/k norms" + (experts > 0 ? ", " + experts
                        + " experts of moe_intermediate_size " + moeIntermediate + ", 8 per token" : "")
                        + "); model card: " + card,
                ModelKind.TRANSFORMER, headDim, true, experts, experts > 0 ? 8 : 0, moeIntermediate, 0, 0, 0, active,
                null);
    }

    /**
     * DeepSeek-V3 / R1 (same architecture): 61 layers (3 dense with intermediate 18432, 58 MoE with 256 routed
     * experts of 2048, 8 per token, 1 shared), hidden 7168, 128 heads, MLA (q_lora_rank 1536, kv_lora_rank 512,
     * qk_nope 128, qk_rope 64, v_head 128), vocab 129280. Parameters computed from the config: 671,026,419,200
     * (the 671B of the model card; the 685B on the model page adds the 14B multi-token-prediction module);
     * activated 37,552,297,472 (model card: 37B).
     */
    private static ModelPreset deepseekV3(String id, String name, String repo) {
        return new ModelPreset(id, name, 671_026_419_200L, 61, 7168, 128, 128, 129280, 18432, false, false,
                HF + repo + "/blob/main/config.json",
                "computed from config.json (3 dense + 58 MoE layers, MLA); model card: 671B total, 37B activated",
                ModelKind.TRANSFORMER, 192, true, 256, 8, 2048, 1, 512, 64, 37_552_297_472L, null);
    }


    private static final Map<String, ModelPreset> BY_ID;
    private static final Map<String, ModelSpec> SPECS;

    static {
        Map<String, ModelPreset> m = new LinkedHashMap<>();
        Map<String, ModelSpec> specs = new HashMap<>();
        for (ModelPreset p : ALL) {
            m.put(p.id(), p);
            specs.put(p.id(), p.toSpec());
        }
        BY_ID = Collections.unmodifiableMap(m);
        SPECS = specs;
    }

    private ModelPresets() {
    }

    /** All presets in display order (for {@code GET /api/v1/sizing/presets}). */
    public static List<ModelPreset> all() {
        return ALL;
    }

    public static Optional<ModelPreset> find(String id) {
        return Optional.ofNullable(id == null ? null : BY_ID.get(id));
    }

    /** The resolved spec of a preset, or null when unknown (cached, no allocation). */
    static @Nullable ModelSpec spec(@Nullable String id) {
        return id == null ? null : SPECS.get(id);
    }
}
