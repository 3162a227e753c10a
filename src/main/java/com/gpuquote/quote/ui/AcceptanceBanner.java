package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteAcceptanceSource.AcceptedOption;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;

/**
 * At the top of an accepted quote: which option the customer accepted, who signed and when (China time), and the
 * invoice details the customer gave (issue 16).
 */
class AcceptanceBanner extends Div {

    AcceptanceBanner(AcceptedOption a) {
        setId("quote-acceptance");
        addClassName("quote-acceptance");
        getElement().setAttribute("role", "status");
        getStyle().set("background", "var(--lumo-success-color-10pct)").set("padding", "var(--lumo-space-s) var(--lumo-space-m)")
                .set("border-radius", "var(--lumo-border-radius-m)");
        var icon = VaadinIcon.CHECK_CIRCLE.create();
        icon.setColor("var(--lumo-success-color)");
        icon.getElement().setAttribute("aria-hidden", "true");
        String signer = a.signerEmail() == null || a.signerEmail().isBlank() ? a.signerName()
                : a.signerName() + " <" + a.signerEmail() + ">";
        add(icon, new Span(" " + getTranslation("quote.accepted.banner", a.optionName(), signer,
                DisplayFormat.dateTime(a.acceptedAt()))));
        if (a.invoice() != null) { // issue 16: what the finance team invoices to
            var i = a.invoice();
            Div invoice = new Div(new Span(getTranslation("quote.accepted.invoice",
                    getTranslation("quote.accepted.invoice." + i.type()), i.title(), i.taxId())));
            invoice.setId("quote-acceptance-invoice");
            if (i.address() != null || i.phone() != null || i.bank() != null || i.account() != null) {
                invoice.add(new Div(new Span(getTranslation("quote.accepted.invoice.details", nz(i.address()),
                        nz(i.phone()), nz(i.bank()), nz(i.account())))));
            }
            add(invoice);
        }
    }

    private static String nz(String s) {
        return s == null ? "–" : s;
    }
}
