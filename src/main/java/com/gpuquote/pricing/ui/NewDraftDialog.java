package com.gpuquote.pricing.ui;

import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.gpuquote.shared.ui.Formats;

import java.util.function.Consumer;

/** New draft: name, provider, planned start, empty or copied from the list in force. */
class NewDraftDialog extends Dialog {

    final TextField name = new TextField();
    final ComboBox<Provider> provider = new ComboBox<>();
    final DateTimePicker effectiveFrom = new DateTimePicker();
    final Checkbox copyInForce = new Checkbox();

    NewDraftDialog(PriceListService priceLists, Consumer<PriceList> created) {
        setId("new-draft-dialog");
        setHeaderTitle(getTranslation("pricing.list.new"));
        name.setLabel(getTranslation("pricing.list.name"));
        name.setId("draft-name");
        name.setRequired(true);
        provider.setLabel(getTranslation("pricing.list.provider"));
        provider.setItems(Provider.values());
        provider.setItemLabelGenerator(p -> getTranslation(p.labelKey()));
        provider.setValue(Provider.VOLCENGINE);
        effectiveFrom.setLabel(getTranslation("pricing.list.plannedFrom"));
        copyInForce.setLabel(getTranslation("pricing.list.copyInForce"));
        copyInForce.setId("copy-in-force");
        copyInForce.setValue(true);
        add(new FormLayout(name, provider, effectiveFrom, copyInForce));
        Button save = new Button(getTranslation("pricing.create"), e -> {
            NewPriceList draft = new NewPriceList(name.getValue(), provider.getValue(),
                    effectiveFrom.getValue() == null ? null : effectiveFrom.getValue().atZone(Formats.ZONE).toInstant(),
                    copyInForce.getValue(), null);
            Notifications.attempt(() -> {
                PriceList list = priceLists.createDraft(draft);
                close();
                created.accept(list);
            });
        });
        save.setId("create-draft");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }
}
