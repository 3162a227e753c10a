package com.gpuquote.portal.ui;

import org.jspecify.annotations.Nullable;
import com.gpuquote.portal.InvoiceDetails;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;

/** The invoice details of an acceptance as text (issue 16), for the customer's record and the reseller's views. */
final class InvoiceText {
    private InvoiceText() {
    }

    /** "开票信息：增值税专用发票（专票），深度智算有限公司，纳税人识别号 …" and, when given, address, phone, bank, account. */
    static Component of(InvoiceDetails i, Component translator) {
        Div box = new Div();
        box.setId("portal-acceptance-invoice");
        box.addClassName("portal-invoice-record");
        box.add(new Paragraph(line(i, translator)));
        String more = more(i, translator);
        if (more != null) {
            box.add(new Paragraph(more));
        }
        return box;
    }

    /** One line: type, company name, tax id. */
    static String line(InvoiceDetails i, Component t) {
        return t.getTranslation("portal.invoice.record", t.getTranslation("portal.invoice.type." + i.type().name()),
                i.title(), i.taxId());
    }

    /** Address, phone, bank and account, or null when none of them was given. */
    static @Nullable String more(InvoiceDetails i, Component t) {
        if (i.address() == null && i.phone() == null && i.bank() == null && i.account() == null) {
            return null;
        }
        return t.getTranslation("portal.invoice.recordSpecial", nz(i.address()), nz(i.phone()), nz(i.bank()),
                nz(i.account()));
    }

    private static String nz(String s) {
        return s == null ? "–" : s;
    }
}
