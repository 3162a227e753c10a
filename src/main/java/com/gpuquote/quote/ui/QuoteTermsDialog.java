package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteTerms;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Edits one terms template: name, the four sections in Chinese and in English, and whether it is the default. */
class QuoteTermsDialog extends Dialog {

    final TextField name = new TextField();
    final Map<String, TextArea> fields = new LinkedHashMap<>(); // "zh.payment" … "en.validity"
    final Checkbox isDefault = new Checkbox();
    final Button save = new Button();

    QuoteTermsDialog(QuoteTerms existing, Consumer<QuoteTerms> onSave) {
        setHeaderTitle(getTranslation(existing == null ? "quote.terms.new" : "quote.terms.edit"));
        setWidth("min(64rem, 95vw)");
        name.setLabel(getTranslation("quote.terms.name"));
        name.setId("terms-name");
        name.setMaxLength(QuoteTerms.MAX_NAME);
        name.setWidthFull();
        isDefault.setLabel(getTranslation("quote.terms.isDefault"));
        isDefault.setId("terms-default");
        HorizontalLayout languages = new HorizontalLayout(column("zh", existing == null ? null : existing.zh()),
                column("en", existing == null ? null : existing.en()));
        languages.setWidthFull();
        if (existing != null) {
            name.setValue(existing.name());
            isDefault.setValue(existing.isDefault());
        }
        save.setText(getTranslation("quote.terms.save"));
        save.setId("terms-save");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(e -> {
            fields.values().forEach(f -> f.setInvalid(false));
            name.setInvalid(false);
            try {
                onSave.accept(new QuoteTerms(null, name.getValue(), sections("zh"), sections("en"),
                        isDefault.getValue()));
                close();
            } catch (InvalidInputException ex) {
                show(ex.errors());
            } catch (RuntimeException ex) {
                Notifications.error(Notifications.describe(ex));
            }
        });
        add(new VerticalLayout(name, languages, isDefault));
        getFooter().add(new Button(getTranslation("quote.terms.cancel"), e -> close()), save);
    }

    private VerticalLayout column(String language, QuoteTerms.Sections current) {
        VerticalLayout col = new VerticalLayout(new H4(getTranslation("quote.terms." + language)));
        col.setPadding(false);
        List<String> values = current == null ? List.of("", "", "", "")
                : java.util.Arrays.asList(current.payment(), current.delivery(), current.sla(), current.validity());
        for (int i = 0; i < QuoteTerms.SECTIONS.size(); i++) {
            String key = language + "." + QuoteTerms.SECTIONS.get(i);
            TextArea area = new TextArea(getTranslation("quote.terms." + QuoteTerms.SECTIONS.get(i)));
            area.setId("terms-" + language + "-" + QuoteTerms.SECTIONS.get(i));
            area.setMaxLength(QuoteTerms.MAX_SECTION);
            area.setWidthFull();
            area.setValue(values.get(i) == null ? "" : values.get(i));
            fields.put(key, area);
            col.add(area);
        }
        return col;
    }

    private QuoteTerms.Sections sections(String language) {
        return new QuoteTerms.Sections(fields.get(language + ".payment").getValue(),
                fields.get(language + ".delivery").getValue(), fields.get(language + ".sla").getValue(),
                fields.get(language + ".validity").getValue());
    }

    private void show(List<FieldError> errors) {
        for (FieldError f : errors) {
            if (f.field().equals("name")) {
                name.setInvalid(true);
                name.setErrorMessage(f.message());
            } else if (fields.containsKey(f.field())) {
                fields.get(f.field()).setInvalid(true);
                fields.get(f.field()).setErrorMessage(f.message());
            }
        }
    }
}
