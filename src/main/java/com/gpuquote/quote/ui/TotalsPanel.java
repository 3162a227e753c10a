package com.gpuquote.quote.ui;

import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.OptionTotals;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.FlexLayout;

/**
 * The totals of one option: monthly net, term net, one-time, subtotal, VAT, grand total, discount vs list; the option
 * margin only when given (tenant admins). Each value has an id {@code totals-<name>} so tests and the browser find it.
 */
class TotalsPanel extends FlexLayout {

    TotalsPanel() {
        addClassName("quote-totals");
        setFlexWrap(FlexWrap.WRAP);
        setAlignItems(FlexComponent.Alignment.BASELINE);
        getStyle().set("gap", "var(--lumo-space-l)");
    }

    void show(OptionTotals totals, OptionMargin margin) {
        removeAll();
        if (totals == null) {
            return;
        }
        add(item("monthlyNet", "quote.totals.monthlyNet", Format.amount(totals.monthlyNet())),
                item("termNet", getTranslation("quote.totals.termNet.months", totals.termMonths()),
                        Format.amount(totals.termNet()), getTranslation("quote.totals.termNet.help")),
                item("oneTime", "quote.totals.oneTime", Format.amount(totals.oneTime())),
                item("subtotal", "quote.totals.subtotal", Format.amount(totals.subtotal())));
        // issue 16: each provider voucher (代金券) is a named step of the total; VAT is on the net after them
        for (int i = 0; i < totals.vouchers().size(); i++) {
            add(item("voucher-" + i, totals.vouchers().get(i).name(),
                    "-" + Format.amount(totals.vouchers().get(i).amount()), null));
        }
        if (totals.hasVouchers()) {
            add(item("netAfterVouchers", "quote.totals.netAfterVouchers", Format.amount(totals.netAfterVouchers())));
        }
        add(item("vat", "quote.totals.vat", Format.percent(com.gpuquote.commercial.Percent.fromFraction(totals.vatRate())) + " "
                        + Format.amount(totals.vat())),
                item("grandTotal", "quote.totals.grandTotal", Format.amount(totals.grandTotal())),
                totals.isSurcharge()
                        ? item("discount", "quote.totals.surcharge", Format.amount(totals.discountTotal().negate()))
                        : item("discount", "quote.totals.discount", Format.amount(totals.discountTotal())));
        if (margin != null) {
            add(margin.complete()
                    ? item("margin", "quote.totals.margin", Format.amount(margin.marginAmount()) + " ("
                    + Format.percent(margin.marginPercent()) + ")")
                    : item("margin", "quote.totals.margin", getTranslation("quote.totals.marginUnknown")));
            if (margin.rebateAmount() != null && margin.rebateAmount().signum() > 0) { // admin-only 返点
                // issue 39: one percent when every provider earns the same, else each provider's
                String percents = margin.rebatePercent() != null ? Format.percent(margin.rebatePercent())
                        : String.join(" · ", margin.providerRebates().entrySet().stream()
                        .map(e -> com.gpuquote.catalog.Provider.fromCode(e.getKey())
                                .map(p -> getTranslation(p.labelKey())).orElse(e.getKey())
                                + " " + Format.percent(e.getValue())).toList());
                add(item("rebate", "quote.totals.rebate", Format.amount(margin.rebateAmount()) + " (" + percents + ")"));
            }
        }
    }

    private Div item(String id, String key, String value) {
        return item(id, getTranslation(key), value, null);
    }

    /** A labelled figure; {@code help} (optional) explains the label on hover and to screen readers. */
    private Div item(String id, String labelText, String value, String help) {
        Span label = new Span(labelText);
        if (help != null) {
            label.setTitle(help);
            label.getElement().setAttribute("aria-description", help);
        }
        label.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        Span v = new Span(value);
        v.setId("totals-" + id);
        v.getStyle().set("font-weight", "600");
        Div d = new Div(label, new Div(v));
        return d;
    }
}
