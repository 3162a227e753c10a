package com.gpuquote.pricing.ui;

import com.gpuquote.shared.CsvError;
import com.gpuquote.pricing.ImportPreview;
import com.gpuquote.pricing.ImportWarning;
import com.gpuquote.pricing.PriceListCsv;
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

/**
 * The preview of an import: every error with row and column, or rows added / removed / changed (> 20 % highlighted),
 * the warnings on implausible rows and the count of rows under the margin floor.
 */
class ImportPreviewPanel extends VerticalLayout {

    static final String FLAGGED = "price-change-flagged";
    final Span summary = new Span();
    Grid<CsvError> errors;
    Grid<PriceListDiff.Change> changed;
    Grid<PriceRow> added;
    Grid<PriceRow> removed;
    /** Issue 39: implausible rows of a valid file, and the count of rows under the margin floor. */
    final Span warningSummary = new Span();
    final Span belowFloor = new Span();
    Grid<ImportWarning> warnings;

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
        checks(preview);
        changed = changedGrid(diff.changed());
        added = rowsGrid("import-added", diff.added());
        removed = rowsGrid("import-removed", diff.removed());
        add(new H4(getTranslation("pricing.import.changed", diff.changed().size())), changed,
                new H4(getTranslation("pricing.import.added", diff.added().size())), added,
                new H4(getTranslation("pricing.import.removed", diff.removed().size())), removed);
    }

    /**
     * Issue 39: the implausible rows (they warn, the import still goes through) and how many rows' margin would be
     * under the tenant's floor.
     */
    private void checks(ImportPreview preview) {
        warningSummary.setId("import-warnings-summary");
        warningSummary.setText(preview.warnings().isEmpty() ? getTranslation("pricing.import.warnings.none")
                : getTranslation("pricing.import.warnings.summary", preview.warnings().size(),
                preview.warnings().stream().map(ImportWarning::row).distinct().count()));
        warningSummary.getElement().getThemeList().add(preview.warnings().isEmpty() ? "badge success" : "badge contrast");
        belowFloor.setId("import-below-floor");
        belowFloor.setText(getTranslation("pricing.import.belowFloor", preview.belowFloorRows(),
                preview.marginFloor() == null ? "—" : DisplayFormat.percent(preview.marginFloor()
                        .movePointRight(2).stripTrailingZeros())));
        if (preview.belowFloorRows() > 0) {
            belowFloor.getElement().getThemeList().add("badge error");
        }
        add(warningSummary, belowFloor);
        if (preview.warnings().isEmpty()) {
            return;
        }
        warnings = new Grid<>();
        warnings.setId("import-warnings");
        warnings.addThemeVariants(GridVariant.LUMO_COMPACT);
        warnings.addColumn(ImportWarning::row).setKey("row").setHeader(getTranslation("pricing.import.row"))
                .setAutoWidth(true);
        warnings.addColumn(w -> w.key().instanceType() + " · " + w.key().region() + " · " + mode(w.key().billingMode()))
                .setKey("key").setHeader(getTranslation("pricing.row.key")).setAutoWidth(true);
        warnings.addColumn(this::warning).setKey("warning").setHeader(getTranslation("pricing.import.warning"))
                .setFlexGrow(1);
        warnings.setItems(preview.warnings());
        warnings.setAllRowsVisible(preview.warnings().size() <= 10);
        add(new H4(getTranslation("pricing.import.warnings", preview.warnings().size())), warnings);
    }

    /** A warning in the user's words: {@code 成本价 ¥12.00 / 小时 高于刊例价 ¥10.00 / 小时}. */
    private String warning(ImportWarning w) {
        DisplayFormat.Per per = DisplayFormat.Per.ofBillingMode(w.key().billingMode());
        String price = DisplayFormat.unitPrice(w.price(), PriceListCsv.ALLOWED_CURRENCY, per, getLocale());
        String reference = w.reference() == null ? ""
                : DisplayFormat.unitPrice(w.reference(), PriceListCsv.ALLOWED_CURRENCY, per, getLocale());
        return getTranslation(w.code().messageKey(), price, reference, PricingFormat.percent(w.changePercent()),
                getTranslation("pricing.row." + w.field()));
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
