package com.gpuquote.sizing.engine;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
                    COMPUTED + "; = safetensors total 32,763,876,352 on the model page"));

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
    static ModelSpec spec(String id) {
        return id == null ? null : SPECS.get(id);
    }
}
