package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport.WhatIf;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;

import java.util.List;
import java.util.function.Consumer;

/**
 * The what-if suggestions: each with its per-GPU total, host RAM per node and monthly price, and a button putting its
 * changed input into the form. When nothing fits, they are the plans that make it fit (several changes at once).
 */
public class WhatIfPanel extends Div {

    private final Consumer<WhatIf> onApply;

    public WhatIfPanel(Consumer<WhatIf> onApply) {
        this.onApply = onApply;
        setId("sizing-whatifs");
        setWidthFull();
    }

    /** Each what-if's price is shown in its own currency (the price list's), even when no candidate fits. */
    public void show(List<WhatIf> whatIfs) {
        show(whatIfs, false);
    }

    /** As {@link #show(List)}; {@code nothingFits}: the input fits no instance, so the what-ifs are plans to fit. */
    public void show(List<WhatIf> whatIfs, boolean nothingFits) {
        removeAll();
        add(new H4(t("sizing.whatif.title")));
        if (whatIfs.isEmpty()) {
            Paragraph none = new Paragraph(t(nothingFits ? "sizing.whatif.noneFits" : "sizing.whatif.none"));
            none.setId("sizing-whatifs-none");
            add(none);
            return;
        }
        if (nothingFits) {
            Paragraph plans = new Paragraph(t("sizing.whatif.plans"));
            plans.setId("sizing-whatifs-plans");
            add(plans);
        }
        for (WhatIf w : whatIfs) {
            // the price formatted first ("¥7,300.00 / 月"): MessageFormat would print a raw string as it is
            Span figures = new Span(t("sizing.whatif.figures", w.perGpuTotalGiB().toPlainString(),
                    SizingPrices.perMonth(w.monthlyPrice(), w.currency()), "",
                    w.hostRamGiB() == null ? "" : w.hostRamGiB().toPlainString()));
            figures.addClassName("whatif-figures");
            figures.getStyle().set("font-weight", "600").set("white-space", "nowrap");
            HorizontalLayout row = new HorizontalLayout(new Span(w.message()), figures);
            row.setAlignItems(HorizontalLayout.Alignment.CENTER);
            row.setWidthFull();
            row.expand(row.getComponentAt(0));
            if (w.input() != null) { // advice that changes no input has nothing to apply
                Button apply = new Button(t("sizing.whatif.apply"), e -> onApply.accept(w));
                apply.setId("whatif-apply-" + w.code());
                apply.addThemeVariants(ButtonVariant.LUMO_SMALL);
                row.add(apply);
            }
            row.addClassName("whatif");
            add(row);
        }
    }

    private static String t(String key, Object... args) {
        return UI.getCurrent().getTranslation(key, args);
    }
}
