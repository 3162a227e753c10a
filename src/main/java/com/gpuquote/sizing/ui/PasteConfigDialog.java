package com.gpuquote.sizing.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.ModelInput;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.textfield.TextArea;

import java.util.List;
import java.util.function.Consumer;

/**
 * A Hugging Face {@code config.json} pasted as text: read by the same service as
 * {@code POST /api/v1/sizing/model-from-config}, so the form gets the figures the API would return. What the reader
 * cannot use is listed field by field in the dialog, which stays open so the consultant can fix the text.
 */
class PasteConfigDialog extends Dialog {

    /** Longest text accepted: real config.json files are a few KB; this keeps a stray paste from reaching the parser. */
    static final int MAX_CHARS = 200_000;

    final TextArea text = new TextArea();
    final Paragraph problems = new Paragraph();
    final Button apply = new Button();
    private final SizingService sizing;
    private final ObjectMapper json;
    private final Consumer<ModelInput> onRead;

    PasteConfigDialog(SizingService sizing, ObjectMapper json, Consumer<ModelInput> onRead) {
        this.sizing = sizing;
        this.json = json;
        this.onRead = onRead;
        setId("sizing-config-dialog");
        setHeaderTitle(getTranslation("sizing.config.title"));
        setWidth("min(48em, 95vw)");
        text.setId("sizing-config-json");
        text.setLabel(getTranslation("sizing.config.label"));
        text.setHelperText(getTranslation("sizing.config.help"));
        text.setMaxLength(MAX_CHARS);
        text.setWidthFull();
        text.setMinHeight("16em");
        text.getStyle().set("font-family", "var(--lumo-font-family-monospace, monospace)");
        problems.setId("sizing-config-problems");
        problems.getStyle().set("color", "var(--lumo-error-text-color)").set("white-space", "pre-line");
        problems.setVisible(false);
        add(text, problems);
        apply.setText(getTranslation("sizing.config.apply"));
        apply.setId("sizing-config-apply");
        apply.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        apply.addClickListener(e -> read());
        Button cancel = new Button(getTranslation("shared.cancel"), e -> close());
        cancel.setId("sizing-config-cancel");
        getFooter().add(cancel, apply);
    }

    /** Reads the text; on success hands the model to the form and closes, otherwise lists what is wrong. */
    void read() {
        String value = text.getValue() == null ? "" : text.getValue().strip();
        if (value.isEmpty()) {
            show(List.of(getTranslation("sizing.config.error.empty")));
            return;
        }
        JsonNode node;
        try {
            node = json.readTree(value);
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            show(List.of(at == null ? getTranslation("sizing.config.error.notJson")
                    : getTranslation("sizing.config.error.notJsonAt", at.getLineNr(), at.getColumnNr())));
            return;
        }
        try {
            ModelInput model = sizing.modelFromConfig(node);
            problems.setVisible(false);
            close();
            onRead.accept(model);
        } catch (InvalidInputException e) {
            String arch = node == null ? "" : node.path("architectures").path(0).asText("");
            show(e.errors().stream().map(f -> describe(f, arch)).distinct().toList());
        }
    }

    /** One problem in the UI's language, naming the config.json field as the file spells it. */
    private String describe(FieldError e, String architecture) {
        String field = e.field().startsWith("config.") ? e.field().substring("config.".length()) : e.field();
        String key = "sizing.config.error." + e.code();
        if (!I18n.has(key)) {
            return field + ": " + e.message();
        }
        return "unsupported".equals(e.code()) ? getTranslation(key, architecture) : getTranslation(key, field);
    }

    private void show(List<String> lines) {
        problems.setText(getTranslation("sizing.config.problems") + "\n" + String.join("\n", lines));
        problems.setVisible(true);
        text.setInvalid(true);
        text.setErrorMessage(getTranslation("sizing.config.unreadable"));
    }
}
