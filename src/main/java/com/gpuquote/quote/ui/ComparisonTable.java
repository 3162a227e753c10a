package com.gpuquote.quote.ui;

import com.gpuquote.quote.ModeComparison;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;

import java.util.List;

/** The billing-mode comparison of one option: every line switched to each mode. */
class ComparisonTable extends Grid<ModeComparison> {

    ComparisonTable() {
        super(ModeComparison.class, false);
        addThemeVariants(GridVariant.LUMO_COMPACT);
        setAllRowsVisible(true);
        addColumn(m -> getTranslation("quote.billingMode." + m.mode().name())).setHeader(getTranslation("quote.line.billingMode"));
        addColumn(m -> m.available() ? Format.amount(m.monthlyNet()) : getTranslation("quote.comparison." + m.availability().name()))
                .setHeader(getTranslation("quote.totals.monthlyNet"));
        addColumn(m -> m.available() ? Format.amount(m.termNet()) : "").setHeader(getTranslation("quote.totals.termNet"));
        addColumn(m -> m.available() ? Format.amount(m.grandTotal()) : "").setHeader(getTranslation("quote.totals.grandTotal"));
        addColumn(m -> m.anyBelowFloor() ? getTranslation("quote.line.belowFloor") : "")
                .setClassNameGenerator(m -> m.anyBelowFloor() ? "below-floor" : null);
    }

    void show(List<ModeComparison> rows) {
        setItems(rows);
    }
}
