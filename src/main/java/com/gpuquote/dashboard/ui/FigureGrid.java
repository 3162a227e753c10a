package com.gpuquote.dashboard.ui;

import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.FigureTable;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;

import java.util.List;

/**
 * A dashboard table in a grid: headings from the bundle, numbers right-aligned, amounts with thousands separators,
 * quote and tenant statuses translated. The tables are aggregates of at most a few dozen rows, so the grid holds them in memory.
 */
class FigureGrid extends Grid<List<Object>> {

    FigureGrid(FigureTable table) {
        setId("grid-" + table.id());
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        setWidthFull();
        for (int i = 0; i < table.columns().size(); i++) {
            FigureTable.Column column = table.columns().get(i);
            int index = i;
            Column<List<Object>> c = addColumn(row -> cell(column, row.get(index)))
                    .setHeader(getTranslation(FigureTable.headingKey(column.key())))
                    .setKey(column.key())
                    .setResizable(true)
                    .setAutoWidth(true);
            if (column.type() != FigureTable.Type.TEXT) {
                c.setTextAlign(ColumnTextAlign.END);
            }
        }
        setItems(table.rows());
    }

    private String cell(FigureTable.Column column, Object value) {
        if (value != null && column.key().equals("status")) {
            return getTranslation("quote.status." + value);
        }
        if (value != null && column.key().equals("tenantStatus")) {
            return getTranslation("tenant.status." + value);
        }
        if (value instanceof java.math.BigDecimal amount && column.type() == FigureTable.Type.MONEY) {
            return DisplayFormat.amount(amount);
        }
        return DashboardExport.text(value);
    }
}
