package com.gpuquote.portal.ui;

import com.gpuquote.quote.pdf.QuoteDocumentText;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;

import java.util.Optional;

/**
 * The parts of the customer's quote document around its options, as the portal page and "my quotes" show them: the
 * seller and buyer blocks with the quote's facts, the validity with the standard terms, and the seller's terms. The
 * text is the PDF's ({@link QuoteDocumentText}, ADR 1601).
 */
final class DocumentBlocks {

    private DocumentBlocks() {
    }

    /** Seller (legal name, credit code, address, phone, bank), buyer, number/version/date/validity/currency. */
    static Component parties(QuoteDocumentText text) {
        Div box = new Div();
        box.setId("portal-parties");
        box.addClassName("portal-parties");
        box.getStyle().set("font-size", "var(--lumo-font-size-s)");
        for (String line : text.sellerLines()) {
            box.add(paragraph(line, "portal-seller"));
        }
        box.add(paragraph(text.customerLine(), "portal-customer"));
        String buyer = text.buyerLine();
        if (buyer != null) {
            box.add(paragraph(buyer, "portal-buyer"));
        }
        box.add(paragraph(text.facts(), "portal-facts"), paragraph(text.taxNote(), "portal-tax-note"));
        return box;
    }

    /** The validity and the standard terms the document states under its terms heading. */
    static Component validity(QuoteDocumentText text) {
        Div box = new Div(new H3(text.termsHeading()), paragraph(text.validity(), "portal-validity-date"),
                paragraph(text.standardTerms(), "portal-standard-terms"));
        box.setId("portal-validity");
        return box;
    }

    /** Issue 16: the seller's terms for this quote, in the customer's language; empty when the quote has none. */
    static Optional<Component> terms(QuoteDocumentText text, String heading) {
        if (text.termsText() == null) {
            return Optional.empty();
        }
        Div terms = new Div(new H3(heading));
        terms.setId("portal-terms");
        for (String paragraph : text.termsText().split("\n")) {
            terms.add(new Paragraph(paragraph));
        }
        return Optional.of(terms);
    }

    private static Paragraph paragraph(String text, String className) {
        Paragraph p = new Paragraph(text);
        p.addClassName(className);
        p.getStyle().set("margin", "var(--lumo-space-xs) 0");
        return p;
    }
}
