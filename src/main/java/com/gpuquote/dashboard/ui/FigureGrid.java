package com.gpuquote.dashboard.ui;

import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.FigureTable;
import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;

import java.util.List;

/**
 * A dashboard table in a grid: headings from the bundle, numbers right-aligned in plain notation (as exported),
 * quote statuses translated. The tables are aggregates of at most a few dozen rows, so the grid holds them in memory.
 */
class FigureGrid extends Grid<List<Object>> {

    FigureGrid(FigureTable table) {
        setId("grid-" + table.id());
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
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
        return DashboardExport.text(value);
    }
}
