package com.gpuquote.customer.ui;

import com.gpuquote.customer.Contact;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;

import java.util.ArrayList;
import java.util.List;

/** A small editable list of contacts: one row of fields per person. */
class ContactsEditor extends VerticalLayout {

    private final VerticalLayout rows = new VerticalLayout();
    private final List<Row> rowList = new ArrayList<>();

    private final class Row extends HorizontalLayout {
        final TextField name = new TextField(getTranslation("customer.contact.name"));
        final EmailField email = new EmailField(getTranslation("customer.contact.email"));
        final TextField phone = new TextField(getTranslation("customer.contact.phone"));
        final TextField role = new TextField(getTranslation("customer.contact.role"));

        Row(Contact c) {
            if (c != null) {
                name.setValue(c.name() == null ? "" : c.name());
                email.setValue(c.email() == null ? "" : c.email());
                phone.setValue(c.phone() == null ? "" : c.phone());
                role.setValue(c.role() == null ? "" : c.role());
            }
            Button remove = new Button(VaadinIcon.TRASH.create(), e -> {
                rowList.remove(this);
                rows.remove(this);
            });
            remove.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
            remove.setAriaLabel(getTranslation("shared.delete"));
            setAlignItems(Alignment.BASELINE);
            add(name, email, phone, role, remove);
        }

        Contact toContact() {
            return new Contact(name.getValue(), email.getValue(), phone.getValue(), role.getValue());
        }
    }

    ContactsEditor() {
        setPadding(false);
        rows.setPadding(false);
        Button add = new Button(getTranslation("customer.contact.add"), VaadinIcon.PLUS.create(), e -> add((Contact) null));
        add.setId("add-contact");
        add.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        add(new H4(getTranslation("customer.contacts")), rows, add);
    }

    void add(Contact contact) {
        Row row = new Row(contact);
        rowList.add(row);
        rows.add(row);
    }

    void setContacts(List<Contact> contacts) {
        rowList.clear();
        rows.removeAll();
        contacts.forEach(this::add);
    }

    /** The field of a service error such as {@code contacts[1].email}, or null. */
    com.vaadin.flow.component.HasValidation field(String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("contacts\\[(\\d+)]\\.(name|email|phone|role)")
                .matcher(name);
        if (!m.matches() || Integer.parseInt(m.group(1)) >= rowList.size()) {
            return null;
        }
        Row row = rowList.get(Integer.parseInt(m.group(1)));
        return switch (m.group(2)) {
            case "name" -> row.name;
            case "email" -> row.email;
            case "phone" -> row.phone;
            default -> row.role;
        };
    }

    List<Contact> getContacts() {
        return rowList.stream().map(Row::toContact).toList();
    }
}
