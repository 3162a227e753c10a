package com.gpuquote.portal.ui;

import com.gpuquote.portal.PortalQuote;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Span;

import java.util.function.Consumer;

/** One option as a card: lines with their fit, services, totals and the billing-mode comparison. */
class OptionCard extends Div {

    private final String currency;

    /** {@code currency} is the quote's (ISO code); layout in the theme (portal-option), stacking on narrow screens. */
    OptionCard(PortalQuote.Option o, String currency, boolean chosen, Consumer<PortalQuote.Option> onChoose) {
        this.currency = currency;
        setId("portal-option-" + o.name());
        addClassName("portal-option");
        if (chosen) {
            addClassName("portal-option-chosen");
        }
        add(new H3(getTranslation("portal.option", o.label())));
        if (o.summary() != null) { // issue 16: what the option is sized for
            com.vaadin.flow.component.html.Paragraph sizedFor = new com.vaadin.flow.component.html.Paragraph(o.summary());
            sizedFor.addClassName("portal-option-summary");
            add(sizedFor);
        }
        for (PortalQuote.Line l : o.lines()) {
            add(line(l));
        }
        if (!o.services().isEmpty()) {
            add(new H4(getTranslation("portal.services")));
            for (PortalQuote.Service s : o.services()) {
                add(row(s.description() + " (" + getTranslation("portal.service." + s.charge().name()) + ")",
                        money(s.amount())));
            }
        }
        add(totals(o.totals()));
        add(new H4(getTranslation("portal.modes")));
        for (PortalQuote.ModeRow m : o.billingModes()) {
            Div mode = row(getTranslation("portal.mode." + m.mode().name()), m.available()
                    ? getTranslation("portal.mode.amounts", money(m.monthlyNet()), money(m.grandTotal()))
                    : getTranslation("portal.mode.unavailable"));
            mode.addClassName("portal-mode-row");
            add(mode);
        }
        if (onChoose != null) {
            Button choose = new Button(chosen ? getTranslation("portal.chosen") : getTranslation("portal.choose", o.name()),
                    e -> onChoose.accept(o));
            choose.setId("portal-choose-" + o.name());
            choose.setWidthFull();
            if (chosen) {
                choose.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            }
            add(choose);
        }
    }

    private Component line(PortalQuote.Line l) {
        Div d = new Div();
        d.getStyle().set("margin-bottom", "var(--lumo-space-s)");
        Span title = new Span(l.instanceType() + " × " + l.quantity());
        title.getStyle().set("font-weight", "600");
        d.add(title, small(l.region() + " · " + getTranslation("portal.mode." + l.billingMode().name()) + " · "
                + getTranslation("portal.line.term", l.termMonths())),
                small(getTranslation("portal.line.unit", unit(l, l.unitPrice()), unit(l, l.listUnitPrice()))),
                small(getTranslation("portal.line.monthly", money(l.monthlyAmount()))));
        if (l.fit() != null && l.fit().vramNeedPerGpuGiB() == null) {
            PortalQuote.Fit f = l.fit();
            Span hardware = small(getTranslation("portal.fit.hardware", f.gpuCount(), f.gpuModel(),
                    PortalFormat.number(f.vramPerGpuGiB()), PortalFormat.number(f.ramGiB())));
            hardware.addClassName("portal-hardware");
            d.add(hardware);
        } else if (l.fit() != null) {
            PortalQuote.Fit f = l.fit();
            Span fit = small(getTranslation("portal.fit", PortalFormat.number(f.vramNeedPerGpuGiB()),
                    PortalFormat.number(f.vramPerGpuGiB()), PortalFormat.number(f.vramUsedPct()),
                    PortalFormat.number(f.ramNeedGiB()), PortalFormat.number(f.ramGiB())));
            fit.addClassName("portal-fit");
            fit.getStyle().set("color", "var(--lumo-success-text-color)");
            d.add(fit);
            if (f.plan() != null) {
                Span plan = small(getTranslation("portal.fit.plan", f.plan()));
                plan.addClassName("portal-plan");
                d.add(plan);
            }
            if (f.trainingHours() != null && f.estimatedJobAmount() != null) {
                Span estimate = small(getTranslation("portal.fit.trainingEstimate", PortalFormat.number(f.trainingHours()),
                        f.estimatedJobAmount()));
                estimate.addClassName("portal-estimate");
                d.add(estimate);
            }
            if (f.outputTokensPerSecond() != null && f.estimatedPricePerMillionOutputTokens() != null) {
                Span estimate = small(getTranslation("portal.fit.servingEstimate",
                        com.gpuquote.shared.DisplayFormat.integer(Math.round(f.outputTokensPerSecond())),
                        new java.math.BigDecimal(f.estimatedPricePerMillionOutputTokens())
                                .setScale(2, java.math.RoundingMode.HALF_UP).toPlainString()));
                estimate.addClassName("portal-estimate");
                d.add(estimate);
            }
        }
        return d;
    }

    private Component totals(PortalQuote.Totals t) {
        Div d = new Div();
        d.getStyle().set("border-top", "1px solid var(--lumo-contrast-10pct)").set("margin-top", "var(--lumo-space-s)");
        d.add(row(getTranslation("portal.totals.monthly"), money(t.monthlyNet())),
                row(getTranslation("portal.totals.term", t.termMonths()), money(t.termNet())),
                row(getTranslation("portal.totals.oneTime"), money(t.oneTime())));
        for (PortalQuote.Voucher v : t.vouchers()) { // issue 16: provider vouchers reduce the amount before VAT
            Div voucher = row(v.name(), "-" + money(v.amount()));
            voucher.addClassName("portal-voucher");
            d.add(voucher);
        }
        d.add(row(getTranslation("portal.totals.vat", PortalFormat.percent(t.vatRate())), money(t.vat())));
        Div grand = row(getTranslation("portal.totals.grand"), money(t.grandTotal()));
        grand.addClassName("portal-grand-total");
        grand.getStyle().set("font-weight", "700").set("font-size", "var(--lumo-font-size-l)");
        d.add(grand);
        if (t.discountTotal() != null && t.discountTotal().signum() > 0) {
            d.add(row(getTranslation("portal.totals.discount"), money(t.discountTotal())));
        }
        return d;
    }

    /** "¥12.80 / 小时": the price with the unit it is charged per. */
    private String unit(PortalQuote.Line l, java.math.BigDecimal price) {
        return price == null ? "–" : com.gpuquote.shared.DisplayFormat.unitPrice(price, currency,
                com.gpuquote.shared.DisplayFormat.Per.ofBillingMode(l.billingMode()), getLocale());
    }

    private String money(java.math.BigDecimal v) {
        return PortalFormat.money(v, currency);
    }

    static Div row(String label, String value) {
        Div r = new Div(new Span(label), new Span(value));
        r.addClassName("portal-row");
        return r;
    }

    private static Span small(String text) {
        Span s = new Span(text);
        s.getStyle().set("display", "block").set("font-size", "var(--lumo-font-size-s)")
                .set("color", "var(--lumo-secondary-text-color)");
        return s;
    }
}
