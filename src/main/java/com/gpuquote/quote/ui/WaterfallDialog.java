package com.gpuquote.quote.ui;

import com.gpuquote.quote.LineMargin;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.WaterfallStep;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Paragraph;

/**
 * The price waterfall of one line: each step, what applied, the unit price after it. Tenant admins also get the
 * cost and floor unit price ({@code margin} non-null); consultants only the below-floor flag.
 */
class WaterfallDialog extends Dialog {

    WaterfallDialog(LineView line, LineMargin margin) {
        setHeaderTitle(getTranslation("quote.line.waterfall") + " · " + line.instanceType());
        setId("waterfall-dialog");
        Grid<WaterfallStep> steps = new Grid<>(WaterfallStep.class, false);
        steps.addThemeVariants(GridVariant.LUMO_COMPACT);
        steps.setAllRowsVisible(true);
        steps.setWidth("40em");
        steps.addColumn(s -> getTranslation("quote.step." + s.step().name())).setHeader(getTranslation("quote.waterfall.step"));
        steps.addColumn(s -> s.isNone() ? getTranslation("quote.step.none") : s.detail())
                .setHeader(getTranslation("quote.waterfall.detail")).setFlexGrow(2);
        steps.addColumn(s -> Format.unit(s.unitPrice())).setHeader(getTranslation("quote.waterfall.unitPrice"));
        steps.setItems(line.waterfall());
        add(steps);
        if (line.belowFloor()) {
            Paragraph flag = new Paragraph(getTranslation("quote.line.belowFloor"));
            flag.addClassName("below-floor");
            add(flag);
        }
        if (margin != null) {
            Paragraph cost = new Paragraph(getTranslation("quote.waterfall.cost") + "：" + Format.unit(margin.costUnitPrice())
                    + "　" + getTranslation("quote.waterfall.floor") + "：" + Format.unit(margin.floorUnitPrice())
                    + "　" + getTranslation("quote.line.margin") + "：" + Format.amount(margin.marginAmount())
                    + " (" + Format.percent(margin.marginPercent()) + ")");
            cost.setId("waterfall-margin");
            add(cost);
        }
        getFooter().add(new Button(getTranslation("shared.close"), e -> close()));
    }
}
