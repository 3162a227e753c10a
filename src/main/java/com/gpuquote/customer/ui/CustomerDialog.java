package com.gpuquote.customer.ui;

import com.gpuquote.shared.I18n;
import com.gpuquote.customer.Contact;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.ui.FieldErrors;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.security.Colleague;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextArea;
import com.vaadin.flow.component.textfield.TextField;

import java.util.function.Consumer;

/** Create or edit a customer with its contacts; every invalid field is reported at once by the service. */
public class CustomerDialog extends Dialog {

    final TextField name = new TextField();
    final TextField creditCode = new TextField();
    final TextArea address = new TextArea();
    final Select<String> language = new Select<>();
    final TextArea notes = new TextArea();
    final ContactsEditor contacts = new ContactsEditor();
    /** The owner consultant; shown to tenant admins only (consultants cannot give a customer away). */
    final ComboBox<Colleague> owner = new ComboBox<>();
    /** The service's validation errors on their fields (issue 42). */
    final FieldErrors errors = new FieldErrors();

    public CustomerDialog(CustomerService service, Customer existing, Consumer<Customer> onSaved) {
        setHeaderTitle(getTranslation(existing == null ? "customer.new" : "customer.edit"));
        setWidth("min(56em, 95vw)");
        name.setLabel(getTranslation("customer.name"));
        name.setId("customer-name");
        name.setRequiredIndicatorVisible(true);
        creditCode.setLabel(getTranslation("customer.creditCode"));
        creditCode.setHelperText(getTranslation("customer.creditCode.help"));
        creditCode.setId("customer-credit-code");
        address.setLabel(getTranslation("customer.billingAddress"));
        language.setLabel(getTranslation("customer.language"));
        language.setId("customer-language");
        language.setItems(I18n.TAGS);
        language.setItemLabelGenerator(l -> "en".equals(l) ? "English" : "中文");
        language.setValue(existing == null ? service.defaultLanguage() : I18n.CHINESE_TAG);
        notes.setLabel(getTranslation("customer.notes"));
        boolean admin = CurrentUser.get().map(u -> u.hasRole(Role.TENANT_ADMIN)).orElse(false);
        owner.setLabel(getTranslation("customer.owner"));
        owner.setId("customer-owner");
        owner.setItems(q -> service.ownerCandidates(q.getFilter().orElse(""), q.getOffset(), q.getLimit()).stream());
        owner.setItemLabelGenerator(Colleague::label);
        owner.setHelperText(getTranslation("customer.owner.help"));
        owner.setVisible(admin);
        FormLayout form = new FormLayout(name, creditCode, language, owner, address, notes);
        form.setColspan(address, 2);
        form.setColspan(notes, 2);
        if (existing != null) {
            name.setValue(existing.name());
            creditCode.setValue(existing.creditCode() == null ? "" : existing.creditCode());
            address.setValue(existing.billingAddress());
            language.setValue(existing.language());
            notes.setValue(existing.notes());
            contacts.setContacts(existing.contacts());
            if (existing.ownerId() != null) {
                owner.setValue(new Colleague(existing.ownerId(), existing.ownerName(), ""));
            }
        }
        add(form, contacts);
        errors.on("name", name).on("creditCode", creditCode).on("language", language).on("ownerId", owner)
                .on("billingAddress", address).on("notes", notes).resolving(contacts::field)
                .onConflict("customer.error.creditCodeTaken", "creditCode");
        Button save = new Button(getTranslation("shared.save"), e -> {
            CustomerDraft draft = new CustomerDraft(name.getValue(), creditCode.getValue(), address.getValue(),
                    language.getValue(), notes.getValue(), contacts.getContacts(),
                    existing == null ? null : existing.version(),
                    admin && owner.getValue() != null ? owner.getValue().id() : null);
            errors.attempt(() -> {
                Customer saved = existing == null ? service.create(draft) : service.update(existing.id(), draft);
                Notifications.success(getTranslation("shared.saved"));
                close();
                onSaved.accept(saved);
            });
        });
        save.setId("save-customer");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(new Button(getTranslation("shared.cancel"), e -> close()), save);
    }

    /** Exposed for tests and callers that want to prefill contacts. */
    public void addContact(Contact contact) {
        contacts.add(contact);
    }
}
