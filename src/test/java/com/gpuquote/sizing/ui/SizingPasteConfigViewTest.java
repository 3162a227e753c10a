package com.gpuquote.sizing.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.ModelInput;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** A pasted Hugging Face config.json fills the sizing form's model figures, or says what it cannot read. */
class SizingPasteConfigViewTest extends KaribuTest {

    static final double GIB = 1024.0 * 1024 * 1024;

    /** Qwen/Qwen2.5-7B-Instruct config.json as published (abridged to the fields a config carries about shape). */
    static final String QWEN25_7B = """
            {
              "architectures": ["Qwen2ForCausalLM"],
              "hidden_size": 3584,
              "intermediate_size": 18944,
              "max_position_embeddings": 32768,
              "model_type": "qwen2",
              "num_attention_heads": 28,
              "num_hidden_layers": 28,
              "num_key_value_heads": 4,
              "rms_norm_eps": 1e-06,
              "rope_theta": 1000000.0,
              "tie_word_embeddings": false,
              "torch_dtype": "bfloat16",
              "vocab_size": 152064
            }
            """;

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    SizingService sizing;
    @Autowired
    ObjectMapper json;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("en");
        login(t.consultantEmail());
    }

    private SizingView open() {
        UI.getCurrent().navigate(SizingView.class);
        return _get(SizingView.class);
    }

    private PasteConfigDialog paste(SizingView view, String text) {
        _click(view.form.pasteConfig);
        PasteConfigDialog dialog = _get(PasteConfigDialog.class);
        _setValue(dialog.text, text);
        _click(dialog.apply);
        return dialog;
    }

    @Test
    void a_pasted_config_fills_the_model_figures_and_the_sizing_follows() throws Exception {
        SizingView view = open();
        _setValue(view.form.workload, Workload.INFERENCE);
        assertThat(view.form.pasteConfig.isVisible()).isTrue();
        paste(view, QWEN25_7B);

        assertThat(_find(PasteConfigDialog.class)).as("the dialog closes once the config is read").isEmpty();
        SizingForm f = view.form;
        assertThat(f.usePreset.getValue()).isFalse();
        assertThat(f.layers.getValue()).isEqualTo(28);
        assertThat(f.hiddenSize.getValue()).isEqualTo(3584);
        assertThat(f.attentionHeads.getValue()).isEqualTo(28);
        assertThat(f.kvHeads.getValue()).isEqualTo(4);
        assertThat(f.vocabSize.getValue()).isEqualTo(152064);
        assertThat(f.advanced.intermediateSize.getValue()).isEqualTo(18944);
        assertThat(f.advanced.experts.getValue()).isNull();
        // the same figures as POST /api/v1/sizing/model-from-config answers (one service)
        ModelInput api = sizing.modelFromConfig(json.readTree(QWEN25_7B));
        assertThat(f.parameters.getValue()).isEqualTo(api.parameters().doubleValue());
        // the model card states 7.61B parameters; BF16 weights are two bytes each
        assertThat(f.parameters.getValue()).isCloseTo(7.61e9, org.assertj.core.data.Percentage.withPercentage(0.5));
        assertThat(view.report.sizing().perGpu().weightsGiB().doubleValue())
                .isCloseTo(7.61e9 * 2 / GIB, org.assertj.core.data.Percentage.withPercentage(0.5));
    }

    @Test
    void an_unreadable_config_names_what_is_missing_and_keeps_the_form() {
        SizingView view = open();
        Double before = view.form.parameters.getValue();
        PasteConfigDialog dialog = paste(view, """
                {"architectures": ["Qwen2ForCausalLM"], "hidden_size": 3584, "num_attention_heads": 28,
                 "intermediate_size": 18944}
                """);
        assertThat(_find(PasteConfigDialog.class)).as("the dialog stays open to fix the text").hasSize(1);
        assertThat(dialog.problems.isVisible()).isTrue();
        assertThat(dialog.problems.getText()).contains("cannot be read")
                .contains("The field num_hidden_layers is missing").contains("The field vocab_size is missing")
                .doesNotContain("hidden_size ").doesNotContain("{0}");
        assertThat(dialog.text.isInvalid()).isTrue();
        assertThat(view.form.usePreset.getValue()).as("nothing filled in").isTrue();
        assertThat(view.form.parameters.getValue()).isEqualTo(before);

        _setValue(dialog.text, "{\"architectures\": [\"Qwen2ForCausalLM\",");
        _click(dialog.apply);
        assertThat(dialog.problems.getText()).contains("not valid JSON").contains("line 1");

        _setValue(dialog.text, "{\"architectures\": [\"RwkvForCausalLM\"], \"num_hidden_layers\": 24,"
                + " \"hidden_size\": 2048, \"num_attention_heads\": 16, \"vocab_size\": 50277,"
                + " \"intermediate_size\": 8192}");
        _click(dialog.apply);
        assertThat(dialog.problems.getText()).contains("Architecture RwkvForCausalLM is not supported");

        _setValue(dialog.text, "  ");
        _click(dialog.apply);
        assertThat(dialog.problems.getText()).contains("The text is empty");
    }
}
