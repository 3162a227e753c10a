package com.gpuquote.sizing;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.ModelInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A model taken from a pasted Hugging Face {@code config.json}: architecture, layers, heads, KV heads, hidden and
 * intermediate sizes, experts, vocabulary and tied embeddings, under the names the common architectures use
 * (Llama/Qwen/Mistral/Mixtral/DeepSeek in transformers, GLM-4's remote code). The parameter count is computed from
 * the figures with the dense-decoder formula of docs/sizing-model.md ("Presets"), since config.json does not carry
 * it. What cannot be read is refused field by field (400), never guessed.
 */
public final class HfModelConfig {

    /** Architectures whose config fields this reader knows (the first entry of {@code architectures}). */
    static final Set<String> KNOWN = Set.of("LlamaForCausalLM", "MistralForCausalLM", "MixtralForCausalLM",
            "Qwen2ForCausalLM", "Qwen2MoeForCausalLM", "Qwen3ForCausalLM", "Qwen3MoeForCausalLM",
            "DeepseekV3ForCausalLM", "DeepseekV2ForCausalLM", "ChatGLMModel", "ChatGLMForConditionalGeneration",
            "Glm4ForCausalLM", "GlmForCausalLM", "GemmaForCausalLM", "Gemma2ForCausalLM", "Phi3ForCausalLM");

    private HfModelConfig() {
    }

    /** The explicit model input a config describes; InvalidInputException naming each field it cannot read. */
    public static ModelInput read(@Nullable JsonNode c) {
        List<FieldError> errors = new ArrayList<>();
        if (c == null || !c.isObject()) {
            throw InvalidInputException.of("config", "notAnObject", "config.json must be a JSON object");
        }
        String arch = c.path("architectures").path(0).asText("");
        if (arch.isEmpty()) {
            errors.add(new FieldError("config.architectures", "required", "config.architectures is missing"));
        } else if (!KNOWN.contains(arch)) {
            errors.add(new FieldError("config.architectures", "unsupported", "architecture " + arch
                    + " is not one this reader knows; give the model's figures explicitly"));
        }
        boolean glm = arch.startsWith("ChatGLM");
        int layers = positive(c, errors, glm ? "num_layers" : "num_hidden_layers");
        int hidden = positive(c, errors, "hidden_size");
        int heads = positive(c, errors, "num_attention_heads");
        Integer kv = optional(c, errors, glm ? "multi_query_group_num" : "num_key_value_heads");
        int vocab = positive(c, errors, glm ? "padded_vocab_size" : "vocab_size");
        int intermediate = positive(c, errors, glm ? "ffn_hidden_size" : "intermediate_size");
        Integer headDim = optional(c, errors, "head_dim");
        Integer experts = optional(c, errors, c.has("n_routed_experts") ? "n_routed_experts"
                : c.has("num_local_experts") ? "num_local_experts" : "num_experts");
        Integer perToken = optional(c, errors, "num_experts_per_tok");
        Integer moeIntermediate = optional(c, errors, "moe_intermediate_size");
        Integer shared = optional(c, errors, "n_shared_experts");
        Integer kvLoraRank = optional(c, errors, "kv_lora_rank");
        Integer rope = optional(c, errors, "qk_rope_head_dim");
        boolean tied = c.path("tie_word_embeddings").asBoolean(false);
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        int kvHeads = kv != null ? kv : heads;
        int d = headDim != null ? headDim : hidden / heads;
        int e = experts != null ? experts : 0;
        int ie = moeIntermediate != null ? moeIntermediate : intermediate;
        int k = perToken != null ? perToken : 2;
        int s = shared != null ? shared : 0;
        // attention q, k, v, o and the gated MLP (or every expert's) per layer, two norms, embedding and LM head
        long attention = (long) hidden * heads * d * 2 + (long) hidden * kvHeads * d * 2;
        long mlp = e > 0 ? 3L * hidden * ie * (e + s) + (long) hidden * e : 3L * hidden * intermediate;
        long parameters = layers * (attention + mlp + 2L * hidden) + (long) vocab * hidden * (tied ? 1 : 2) + hidden;
        ModelInput m = new ModelInput(null, parameters, layers, hidden, heads, kvHeads, vocab, null, intermediate,
                tied, headDim, e > 0 ? e : null, e > 0 ? k : null, e > 0 ? ie : null, e > 0 && s > 0 ? s : null,
                kvLoraRank, kvLoraRank != null ? rope : null, null);
        return m;
    }

    private static int positive(JsonNode c, List<FieldError> errors, String name) {
        JsonNode v = c.get(name);
        if (v == null || v.isNull()) {
            errors.add(new FieldError("config." + name, "required", "config." + name + " is missing"));
            return 0;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 1) {
            errors.add(new FieldError("config." + name, "positive", "config." + name + " must be a positive integer"));
            return 0;
        }
        return v.asInt();
    }

    private static @Nullable Integer optional(JsonNode c, List<FieldError> errors, String name) {
        JsonNode v = c.get(name);
        if (v == null || v.isNull()) {
            return null;
        }
        return positive(c, errors, name);
    }
}
