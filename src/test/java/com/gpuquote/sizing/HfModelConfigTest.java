package com.gpuquote.sizing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.engine.ModelInput;
import org.junit.jupiter.api.Test;

/** A pasted config.json becomes explicit figures; what cannot be read is refused by field. */
class HfModelConfigTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void llama_3_1_8b_config_gives_its_figures_and_parameter_count() throws Exception {
        // meta-llama/Llama-3.1-8B config.json (the fields the reader takes)
        ModelInput m = HfModelConfig.read(JSON.readTree("""
                {"architectures":["LlamaForCausalLM"],"hidden_size":4096,"intermediate_size":14336,
                 "num_attention_heads":32,"num_hidden_layers":32,"num_key_value_heads":8,"vocab_size":128256,
                 "tie_word_embeddings":false,"torch_dtype":"bfloat16"}"""));
        assertThat(m.layers()).isEqualTo(32);
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.intermediateSize()).isEqualTo(14336);
        // 32 · (2 · 4096² + 2 · 4096 · 1024 + 3 · 4096 · 14336 + 2 · 4096) + 2 · 128256 · 4096 + 4096 = 8,030,261,248,
        // the model card's 8.03B
        assertThat(m.parameters()).isEqualTo(8_030_261_248L);
        assertThat(m.experts()).isNull();
    }

    @Test
    void mixtral_experts_are_read() throws Exception {
        ModelInput m = HfModelConfig.read(JSON.readTree("""
                {"architectures":["MixtralForCausalLM"],"hidden_size":4096,"intermediate_size":14336,
                 "num_attention_heads":32,"num_hidden_layers":32,"num_key_value_heads":8,"vocab_size":32000,
                 "num_local_experts":8,"num_experts_per_tok":2}"""));
        assertThat(m.experts()).isEqualTo(8);
        assertThat(m.expertsPerToken()).isEqualTo(2);
        // 32 · (2 · 4096² + 2 · 4096 · 1024 + 8 · 3 · 4096 · 14336 + 4096 · 8 + 2 · 4096) + 2 · 32000 · 4096 + 4096
        // = 46,702,792,704, the model card's 46.7B
        assertThat(m.parameters()).isEqualTo(46_702_792_704L);
    }

    @Test
    void what_cannot_be_read_is_refused_field_by_field() throws Exception {
        assertThatThrownBy(() -> HfModelConfig.read(JSON.readTree("""
                {"architectures":["MambaForCausalLM"],"hidden_size":-1,"num_hidden_layers":"many"}""")))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field).contains("config.architectures", "config.hidden_size",
                                "config.num_hidden_layers", "config.num_attention_heads", "config.vocab_size"));
        assertThatThrownBy(() -> HfModelConfig.read(JSON.readTree("[1, 2]")))
                .isInstanceOf(InvalidInputException.class);
    }
}
