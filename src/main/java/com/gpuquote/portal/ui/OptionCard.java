package com.gpuquote.portal.ui;

import com.gpuquote.portal.PortalQuote;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.quote.pdf.LineDescriptions;
import com.gpuquote.quote.pdf.QuoteDocumentText;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.Consumer;

/**
 * One option of the customer's quote document as a card: its heading and summary, each instance line with what it
 * is (hardware, fit, plan, estimates) and its amounts without and with VAT side by side, services, vouchers, the
 * option's totals (with the capital numerals on Chinese documents), the saving and the billing-mode comparison.
 * Every word and figure comes from {@link QuoteDocumentText}, the text the PDF prints (ADR 1601); this class only
 * lays it out (theme class portal-option, stacking on narrow screens).
 */
class OptionCard extends Div {

    /**
     * {@code option} is the portal's option (its id and letter name the card and the choice); its words come from the
     * document's option with the same id.
     */
    OptionCard(PortalQuote.Option option, QuoteDocumentText text, boolean chosen,
               Consumer<PortalQuote.Option> onChoose) {
        List<OptionView> options = text.document().options();
        int index = -1;
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).id().value().equals(option.id())) {
                index = i;
            }
        }
        if (index < 0) {
            throw new IllegalStateException("option not in the document: " + option.id());
        }
        OptionView o = options.get(index);
        setId("portal-option-" + option.name());
        addClassName("portal-option");
        if (chosen) {
            addClassName("portal-option-chosen");
        }
        add(new H3(text.optionHeading(o)));
        if (o.summary() != null) { // issue 16: what the option is sized for
            Paragraph sizedFor = new Paragraph(o.summary());
            sizedFor.addClassName("portal-option-summary");
            add(sizedFor);
        }
        BigDecimal vatRate = o.totals().vatRate();
        List<String> head = text.lineHead(vatRate);
        for (LineView l : o.lines()) {
            add(line(text, head, text.lineCells(l, vatRate), text.lineParts(l)));
        }
        if (!o.services().isEmpty()) {
            add(new H4(text.t("quote.services")));
            for (ServiceLine s : o.services()) {
                List<String> cells = text.serviceCells(s);
                Div service = row(cells.get(0) + " (" + cells.get(1) + ")", cells.get(2));
                service.addClassName("portal-service");
                add(service);
            }
        }
        List<List<String>> vouchers = text.voucherRows(o.totals());
        for (int i = 1; i < vouchers.size() - 1; i++) { // the named steps; subtotal and net are among the totals
            Div voucher = row(vouchers.get(i).get(0), vouchers.get(i).get(1));
            voucher.addClassName("portal-voucher");
            add(voucher);
        }
        add(totals(text, index));
        Paragraph savings = new Paragraph(text.savings(o.totals()));
        savings.addClassName("portal-savings");
        savings.getStyle().set("font-size", "var(--lumo-font-size-s)").set("color", "var(--lumo-secondary-text-color)");
        add(savings);
        if (!o.billingModeComparison().isEmpty()) {
            add(new H4(text.comparisonTitle()));
            List<String> modeHead = text.comparisonHead();
            for (ModeComparison m : o.billingModeComparison()) {
                List<String> cells = text.comparisonCells(m);
                String value = m.available()
                        ? label(text, modeHead.get(1), cells.get(1)) + " · " + label(text, modeHead.get(2), cells.get(2))
                        + " · " + label(text, modeHead.get(3), cells.get(3))
                        : cells.get(1);
                // the mode's name over its amounts: three labelled amounts do not fit beside it on a phone
                Span name = new Span(cells.get(0));
                name.getStyle().set("font-weight", "600");
                Div mode = new Div(name, small(value, "portal-mode-amounts"));
                mode.addClassName("portal-mode-row");
                mode.getStyle().set("margin-bottom", "var(--lumo-space-xs)");
                add(mode);
            }
        }
        if (onChoose != null) {
            Button choose = new Button(chosen ? getTranslation("portal.chosen")
                    : getTranslation("portal.choose", option.name()), e -> onChoose.accept(option));
            choose.setId("portal-choose-" + option.name());
            choose.setWidthFull();
            if (chosen) {
                choose.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            }
            add(choose);
        }
    }

    /**
     * A line: instance type × quantity, region, billing mode and term; what it is; unit prices and the monthly amount;
     * the term amount without and with VAT side by side. {@code head} and {@code cells} are the PDF's line table.
     */
    private static Component line(QuoteDocumentText text, List<String> head, List<String> cells,
                                  LineDescriptions.Description what) {
        Div d = new Div();
        d.addClassName("portal-line");
        d.getStyle().set("margin-bottom", "var(--lumo-space-s)");
        Span title = new Span(cells.get(0) + " × " + cells.get(3));
        title.addClassName("portal-line-type");
        title.getStyle().set("font-weight", "600");
        d.add(title, small(label(text, head.get(1), cells.get(1)) + " · " + label(text, head.get(2), cells.get(2))
                + " · " + label(text, head.get(4), cells.get(4)), "portal-line-terms"));
        if (what.hardware() != null) {
            d.add(small(what.hardware(), "portal-hardware"));
        }
        if (what.fit() != null) {
            Span fit = small(what.fit(), "portal-fit");
            fit.getStyle().set("color", "var(--lumo-success-text-color)");
            d.add(fit);
        }
        if (what.plan() != null) {
            d.add(small(what.plan(), "portal-plan"));
        }
        for (String estimate : what.estimates()) {
            d.add(small(estimate, "portal-estimate"));
        }
        for (int i = 5; i <= 7; i++) {
            d.add(row(head.get(i), cells.get(i)));
        }
        // 不含税 / 含税 side by side, as the PDF's last two columns
        Div term = new Div(cell(head.get(8), cells.get(8), "portal-term-net"),
                cell(head.get(9), cells.get(9), "portal-term-gross"));
        term.addClassName("portal-line-term");
        term.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-m)");
        d.add(term);
        return d;
    }

    private static Component cell(String heading, String value, String className) {
        Span h = new Span(heading);
        h.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-xs)")
                .set("color", "var(--lumo-secondary-text-color)");
        Span v = new Span(value);
        v.addClassName("portal-amount");
        v.getStyle().set("font-weight", "600");
        Div c = new Div(h, v);
        c.addClassName(className);
        c.getStyle().set("flex", "1 1 8rem");
        return c;
    }

    /** The option's column of the document's summary, row by row (the grand total stands out). */
    private static Component totals(QuoteDocumentText text, int index) {
        Div d = new Div();
        d.addClassName("portal-totals");
        d.getStyle().set("border-top", "1px solid var(--lumo-contrast-10pct)").set("margin-top", "var(--lumo-space-s)");
        for (QuoteDocumentText.SummaryRow r : text.summaryRows()) {
            Div row = row(r.label(), r.value(index));
            row.getElement().setAttribute("data-key", r.key());
            if (QuoteDocumentText.GRAND_TOTAL.equals(r.key())) {
                row.addClassName("portal-grand-total");
                row.getStyle().set("font-weight", "700").set("font-size", "var(--lumo-font-size-l)");
            } else if (QuoteDocumentText.IN_WORDS.equals(r.key())) {
                row.addClassName("portal-total-in-words");
            } else if (QuoteDocumentText.SUBTOTAL.equals(r.key())) {
                row.addClassName("portal-subtotal");
            }
            d.add(row);
        }
        return d;
    }

    private static String label(QuoteDocumentText text, String heading, String value) {
        return text.t("shared.label", heading) + value;
    }

    static Div row(String label, String value) {
        Div r = new Div(new Span(label), new Span(value));
        r.addClassName("portal-row");
        return r;
    }

    private static Span small(String text, String className) {
        Span s = new Span(text);
        s.addClassName(className);
        s.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)")
                .set("color", "var(--lumo-secondary-text-color)");
        return s;
    }
}
