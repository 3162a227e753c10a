package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteTemplate;
import com.gpuquote.quote.QuoteTemplateService;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.textfield.TextField;

import java.util.function.Consumer;

/**
 * Issue 16: the editor's two template actions. "Save as template" keeps the selected option (lines, services, name,
 * summary) under a name for the whole team; "Add from template" appends a saved one as the next option of a DRAFT,
 * priced at the customer's prices of the day.
 */
final class TemplateDialogs {

    private TemplateDialogs() {
    }

    static Button saveButton(QuoteTemplateService templates, java.util.function.Supplier<QuoteDetails> quote,
                             java.util.function.IntSupplier selectedOption) {
        UI ui = UI.getCurrent();
        Button b = new Button(ui.getTranslation("quote.template.save"), VaadinIcon.BOOKMARK_O.create());
        b.setId("save-as-template");
        b.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        b.addClickListener(e -> {
            QuoteDetails q = quote.get();
            if (q.options().isEmpty()) {
                return;
            }
            var option = q.options().get(Math.min(selectedOption.getAsInt(), q.options().size() - 1));
            Dialog d = new Dialog();
            d.setHeaderTitle(ui.getTranslation("quote.template.save.title", option.label()));
            TextField name = new TextField(ui.getTranslation("quote.template.name"));
            name.setId("template-name");
            name.setMaxLength(QuoteTemplateService.MAX_NAME);
            name.setWidth("24rem");
            name.setValue(option.title() == null ? "" : option.title());
            name.setPlaceholder(ui.getTranslation("quote.template.name.placeholder"));
            Button save = new Button(ui.getTranslation("quote.template.save.confirm"), ev -> {
                if (QuoteUi.attempt(() -> templates.createFromQuote(name.getValue(), q.id(), option.name().name()))) {
                    Notifications.success(ui.getTranslation("quote.template.saved", name.getValue().strip()));
                    d.close();
                }
            });
            save.setId("template-save-confirm");
            save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            d.add(name);
            d.getFooter().add(new Button(ui.getTranslation("quote.template.cancel"), ev -> d.close()), save);
            d.open();
        });
        return b;
    }

    static Button addButton(QuoteTemplateService templates, java.util.function.Supplier<QuoteDetails> quote,
                            Consumer<QuoteDetails> show) {
        UI ui = UI.getCurrent();
        Button b = new Button(ui.getTranslation("quote.template.add"), VaadinIcon.COPY_O.create());
        b.setId("add-from-template");
        b.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        b.addClickListener(e -> {
            Dialog d = new Dialog();
            d.setHeaderTitle(ui.getTranslation("quote.template.add.title"));
            ComboBox<QuoteTemplate> pick = new ComboBox<>(ui.getTranslation("quote.template.pick"));
            pick.setId("template-pick");
            pick.setWidth("28rem");
            pick.setItems(templates.list());
            pick.setItemLabelGenerator(t -> t.name() + " · " + t.option().lines().stream()
                    .map(l -> l.quantity() + " × " + l.instanceType()).collect(java.util.stream.Collectors.joining(", ")));
            Paragraph about = new Paragraph();
            about.addClassName("template-summary");
            pick.addValueChangeListener(ev -> about.setText(ev.getValue() == null ? ""
                    : ui.getTranslation("quote.template.about", ev.getValue().createdByName() == null ? "—"
                    : ev.getValue().createdByName()) + (ev.getValue().option().summary() == null ? ""
                    : " " + ev.getValue().option().summary())));
            Button delete = new Button(ui.getTranslation("quote.template.delete"), VaadinIcon.TRASH.create());
            delete.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
            delete.setId("template-delete");
            delete.addClickListener(ev -> {
                if (pick.getValue() != null && QuoteUi.attempt(() -> templates.delete(pick.getValue().id()))) {
                    pick.setItems(templates.list());
                    about.setText("");
                }
            });
            Button add = new Button(ui.getTranslation("quote.template.add.confirm"), ev -> {
                if (pick.getValue() == null) {
                    pick.setInvalid(true);
                    return;
                }
                QuoteDetails q = quote.get();
                QuoteUi.attempt(() -> {
                    QuoteDetails updated = templates.apply(pick.getValue().id(), q.id(), q.rowVersion());
                    d.close();
                    show.accept(updated);
                });
            });
            add.setId("template-add-confirm");
            add.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            d.add(pick, about);
            d.getFooter().add(delete, new Button(ui.getTranslation("quote.template.cancel"), ev -> d.close()), add);
            d.open();
        });
        return b;
    }
}
