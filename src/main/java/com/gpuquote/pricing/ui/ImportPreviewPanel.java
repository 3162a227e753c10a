package com.gpuquote.pricing.ui;

import com.gpuquote.shared.CsvError;
import com.gpuquote.pricing.ImportPreview;
import com.gpuquote.pricing.PriceListDiff;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.math.BigDecimal;
import java.util.List;

/** The preview of an import: every error with row and column, or rows added / removed / changed (> 20 % highlighted). */
class ImportPreviewPanel extends VerticalLayout {

    static final String FLAGGED = "price-change-flagged";
    final Span summary = new Span();
    Grid<CsvError> errors;
    Grid<PriceListDiff.Change> changed;
    Grid<PriceRow> added;
    Grid<PriceRow> removed;

    ImportPreviewPanel(ImportPreview preview) {
        setId("import-preview");
        setPadding(false);
        summary.setId("import-summary");
        add(summary);
        if (!preview.isValid()) {
            summary.setText(getTranslation("pricing.import.errors", preview.read().errorCount()));
            summary.getElement().getThemeList().add("badge error");
            errors = new Grid<>();
            errors.setId("import-errors");
            errors.addThemeVariants(GridVariant.LUMO_COMPACT);
            errors.addColumn(CsvError::row).setKey("row").setHeader(getTranslation("pricing.import.row")).setAutoWidth(true);
            errors.addColumn(e -> e.column() == null ? "" : e.column()).setKey("column")
                    .setHeader(getTranslation("pricing.import.column")).setAutoWidth(true);
            errors.addColumn(this::message).setKey("message").setHeader(getTranslation("pricing.import.message")).setFlexGrow(1);
            errors.setItems(preview.errors());
            errors.setAllRowsVisible(preview.errors().size() <= 20);
            add(errors);
            return;
        }
        PriceListDiff diff = preview.diff();
        summary.setText(getTranslation("pricing.import.summary", diff.added().size(), diff.changed().size(),
                diff.removed().size(), diff.unchanged(), diff.flagged().size()));
        changed = changedGrid(diff.changed());
        added = rowsGrid("import-added", diff.added());
        removed = rowsGrid("import-removed", diff.removed());
        add(new H4(getTranslation("pricing.import.changed", diff.changed().size())), changed,
                new H4(getTranslation("pricing.import.added", diff.added().size())), added,
                new H4(getTranslation("pricing.import.removed", diff.removed().size())), removed);
    }

    private String mode(com.gpuquote.commercial.BillingMode mode) {
        return getTranslation("pricing.mode." + mode.name());
    }

    private String message(CsvError e) {
        String key = e.code().messageKey();
        return I18n.has(key) ? getTranslation(key, e.args().toArray()) : e.message();
    }

    /** A row's price with currency and its billing mode's unit: {@code ¥3,000.00 / 月}. */
    private String price(PriceRow row, BigDecimal value) {
        return PricingFormat.price(row, value, getLocale());
    }

    /** Old → new, the unit once at the end: {@code ¥10.00 → ¥12.50 / 小时} (a change keeps its key, so its unit). */
    private String change(PriceListDiff.Change c, BigDecimal before, BigDecimal after) {
        return DisplayFormat.unitPrice(before, c.before().currency()) + " → " + price(c.after(), after);
    }

    private Grid<PriceListDiff.Change> changedGrid(List<PriceListDiff.Change> changes) {
        Grid<PriceListDiff.Change> grid = new Grid<>();
        grid.setId("import-changed");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.addColumn(c -> c.key().instanceType() + " · " + c.key().region() + " · " + mode(c.key().billingMode()))
                .setKey("key").setHeader(getTranslation("pricing.row.key")).setAutoWidth(true);
        grid.addColumn(c -> change(c, c.before().listPrice(), c.after().listPrice()))
                .setKey("listPrice").setHeader(getTranslation("pricing.row.listPrice")).setAutoWidth(true);
        grid.addColumn(c -> PricingFormat.percent(c.listPriceChangePercent())).setKey("listPercent").setHeader("%");
        grid.addColumn(c -> change(c, c.before().costPrice(), c.after().costPrice()))
                .setKey("costPrice").setHeader(getTranslation("pricing.row.costPrice")).setAutoWidth(true);
        grid.addColumn(c -> PricingFormat.percent(c.costPriceChangePercent())).setKey("costPercent").setHeader("%");
        grid.setPartNameGenerator(c -> c.flagged() ? FLAGGED : null);
        grid.setItems(changes);
        grid.setAllRowsVisible(changes.size() <= 10);
        return grid;
    }

    private Grid<PriceRow> rowsGrid(String id, List<PriceRow> rows) {
        Grid<PriceRow> grid = new Grid<>();
        grid.setId(id);
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.addColumn(r -> r.instanceType() + " · " + r.region() + " · " + mode(r.billingMode())).setKey("key")
                .setHeader(getTranslation("pricing.row.key")).setAutoWidth(true);
        grid.addColumn(r -> price(r, r.listPrice())).setKey("listPrice").setHeader(getTranslation("pricing.row.listPrice"));
        grid.addColumn(r -> price(r, r.costPrice())).setKey("costPrice").setHeader(getTranslation("pricing.row.costPrice"));
        grid.setItems(rows);
        grid.setAllRowsVisible(rows.size() <= 10);
        return grid;
    }
}
