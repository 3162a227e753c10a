package com.gpuquote.portal.ui;

import org.jspecify.annotations.Nullable;
import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.InvoiceDetails;
import com.gpuquote.portal.InvoiceType;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.InvalidInputException;
import com.vaadin.flow.component.HasValidation;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.EmailField;
import com.vaadin.flow.component.textfield.TextField;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The customer's acceptance of the chosen option: typed name, email, agreement to the terms, and optionally the
 * invoice details (开票信息, issue 16: type 专票/普票, company name, tax id, address and phone, bank and account).
 * The server validates; {@link #showErrors} puts each field's problem at that field.
 */
class AcceptForm extends VerticalLayout {

    private final TextField name = new TextField();
    private final EmailField email = new EmailField();
    private final Checkbox invoiceWanted = new Checkbox();
    private final Select<InvoiceType> invoiceType = new Select<>();
    private final TextField invoiceTitle = new TextField();
    private final TextField invoiceTaxId = new TextField();
    private final TextField invoiceAddress = new TextField();
    private final TextField invoicePhone = new TextField();
    private final TextField invoiceBank = new TextField();
    private final TextField invoiceAccount = new TextField();
    /** The REST body's field names → the inputs that show their errors. */
    private final Map<String, HasValidation> fields = new LinkedHashMap<>();

    AcceptForm(PortalQuote.Option chosen, String currency, Consumer<AcceptRequest> onAccept) {
        setId("portal-accept-form");
        setPadding(false);
        setMaxWidth("40rem");
        add(new H3(getTranslation("portal.accept.title")));
        Span which = new Span(chosen == null ? getTranslation("portal.accept.none")
                : getTranslation("portal.option", chosen.name()) + " · "
                + PortalFormat.money(chosen.totals().grandTotal(), currency));
        which.setId("portal-chosen");
        name.setLabel(getTranslation("portal.accept.signerName"));
        name.setId("portal-signer-name");
        name.setWidthFull();
        name.setMaxLength(200);
        email.setLabel(getTranslation("portal.accept.signerEmail"));
        email.setId("portal-signer-email");
        email.setWidthFull();
        fields.put("signerName", name);
        fields.put("signerEmail", email);
        Paragraph terms = new Paragraph(getTranslation("portal.terms.text"));
        terms.getStyle().set("font-size", "var(--lumo-font-size-s)");
        Checkbox agree = new Checkbox(getTranslation("portal.accept.agree"));
        agree.setId("portal-agree");
        Button accept = new Button(getTranslation("portal.accept.button"), e -> {
            clearErrors();
            onAccept.accept(new AcceptRequest(chosen == null ? null : chosen.id(), name.getValue(), email.getValue(),
                    agree.getValue(), invoice()));
        });
        accept.setId("portal-accept");
        accept.addThemeVariants(ButtonVariant.LUMO_PRIMARY, ButtonVariant.LUMO_SUCCESS);
        accept.setEnabled(chosen != null);
        add(which, name, email, invoiceSection(), terms, agree, accept);
        // the server's errors stay at their fields until the next attempt (no client-side checks overwrite them)
        fields.values().forEach(f -> f.setManualValidation(true));
    }

    /** The optional invoice details, shown once the customer says they need an invoice. */
    private VerticalLayout invoiceSection() {
        VerticalLayout section = new VerticalLayout();
        section.setId("portal-invoice");
        section.setPadding(false);
        section.setSpacing(false);
        invoiceWanted.setLabel(getTranslation("portal.invoice.wanted"));
        invoiceWanted.setId("portal-invoice-wanted");
        invoiceType.setLabel(getTranslation("portal.invoice.type"));
        invoiceType.setId("portal-invoice-type");
        invoiceType.setItems(InvoiceType.SPECIAL, InvoiceType.NORMAL);
        invoiceType.setItemLabelGenerator(t -> getTranslation("portal.invoice.type." + t.name()));
        invoiceType.setValue(InvoiceType.NORMAL);
        invoiceType.setRequiredIndicatorVisible(true);
        text(invoiceTitle, "title", "portal.invoice.company", InvoiceDetails.MAX_TITLE);
        text(invoiceTaxId, "taxId", "portal.invoice.taxId", 18);
        text(invoiceAddress, "address", "portal.invoice.address", InvoiceDetails.MAX_ADDRESS);
        text(invoicePhone, "phone", "portal.invoice.phone", InvoiceDetails.MAX_PHONE);
        text(invoiceBank, "bank", "portal.invoice.bank", InvoiceDetails.MAX_BANK);
        text(invoiceAccount, "account", "portal.invoice.account", InvoiceDetails.MAX_ACCOUNT);
        fields.put("invoice.type", invoiceType);
        invoiceTitle.setRequiredIndicatorVisible(true);
        invoiceTaxId.setRequiredIndicatorVisible(true);
        Paragraph hint = new Paragraph(getTranslation("portal.invoice.specialHint"));
        hint.getStyle().set("font-size", "var(--lumo-font-size-s)").set("color", "var(--lumo-secondary-text-color)");
        FormLayout form = new FormLayout(invoiceType, invoiceTitle, invoiceTaxId, invoiceAddress, invoicePhone,
                invoiceBank, invoiceAccount);
        form.setResponsiveSteps(new FormLayout.ResponsiveStep("0", 1), new FormLayout.ResponsiveStep("30rem", 2));
        form.setColspan(invoiceTitle, 2);
        form.setColspan(invoiceAddress, 2);
        VerticalLayout details = new VerticalLayout(new H4(getTranslation("portal.invoice.title")), hint, form);
        details.setId("portal-invoice-details");
        details.setPadding(false);
        details.setVisible(false);
        invoiceType.addValueChangeListener(e -> special(e.getValue() == InvoiceType.SPECIAL));
        invoiceWanted.addValueChangeListener(e -> details.setVisible(Boolean.TRUE.equals(e.getValue())));
        section.add(invoiceWanted, details);
        return section;
    }

    private void text(TextField f, String field, String label, int max) {
        f.setLabel(getTranslation(label));
        f.setId("portal-invoice-" + field);
        f.setWidthFull();
        f.setMaxLength(max);
        fields.put("invoice." + field, f);
    }

    /** A special VAT invoice marks address, phone, bank and account as required. */
    private void special(boolean special) {
        for (TextField f : new TextField[] {invoiceAddress, invoicePhone, invoiceBank, invoiceAccount}) {
            f.setRequiredIndicatorVisible(special);
        }
    }

    /** The invoice part of the request: null unless the customer asked for an invoice. */
    private AcceptRequest.@Nullable Invoice invoice() {
        if (!Boolean.TRUE.equals(invoiceWanted.getValue())) {
            return null;
        }
        return new AcceptRequest.Invoice(invoiceTitle.getValue(), invoiceTaxId.getValue(), invoiceAddress.getValue(),
                invoicePhone.getValue(), invoiceBank.getValue(), invoiceAccount.getValue(),
                invoiceType.getValue() == null ? null : invoiceType.getValue().name());
    }

    /** Marks each field the server named (the first problem of each), in the page's language. */
    void showErrors(InvalidInputException e) {
        clearErrors();
        for (FieldError f : e.errors()) {
            HasValidation input = fields.get(f.field());
            if (input != null && !input.isInvalid()) {
                input.setErrorMessage(message(f));
                input.setInvalid(true);
            }
        }
    }

    private void clearErrors() {
        fields.values().forEach(f -> {
            f.setInvalid(false);
            f.setErrorMessage(null);
        });
    }

    private String message(FieldError f) {
        String key = "error." + f.code();
        if (!I18n.has(key)) {
            return f.message();
        }
        return f.args().isEmpty() ? getTranslation(key) : getTranslation(key, f.args().toArray());
    }
}
