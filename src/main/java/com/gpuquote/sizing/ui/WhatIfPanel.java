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

/** The what-if suggestions: each with its per-GPU total and monthly price, and a button applying it to the form. */
public class WhatIfPanel extends Div {

    private final Consumer<WhatIf> onApply;

    public WhatIfPanel(Consumer<WhatIf> onApply) {
        this.onApply = onApply;
        setId("sizing-whatifs");
        setWidthFull();
    }

    /** Each what-if's price is shown in its own currency (the price list's), even when no candidate fits. */
    public void show(List<WhatIf> whatIfs) {
        removeAll();
        add(new H4(t("sizing.whatif.title")));
        if (whatIfs.isEmpty()) {
            add(new Paragraph(t("sizing.whatif.none")));
            return;
        }
        for (WhatIf w : whatIfs) {
            Span figures = new Span(t("sizing.whatif.figures", w.perGpuTotalGiB().toPlainString(), w.monthlyPrice(),
                    w.currency() == null ? "" : w.currency()));
            figures.addClassName("whatif-figures");
            figures.getStyle().set("font-weight", "600").set("white-space", "nowrap");
            HorizontalLayout row = new HorizontalLayout(new Span(w.message()), figures);
            row.setAlignItems(HorizontalLayout.Alignment.CENTER);
            row.setWidthFull();
            row.expand(row.getComponentAt(0));
            if (!"LARGER_RAM_INSTANCE".equals(w.code()) && !"DISTRIBUTED_WORKING_SET".equals(w.code())) {
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
