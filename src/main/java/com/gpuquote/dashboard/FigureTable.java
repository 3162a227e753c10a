package com.gpuquote.dashboard;

import java.util.List;

/**
 * One dashboard table as shown, exported to CSV and to a sheet of the xlsx workbook: a stable id (the REST
 * {@code table} parameter and the CSV file name), its columns and rows. Cells are String, Integer, BigDecimal (money
 * or percent, by the column's type), LocalDate or Instant; null is empty.
 */
public record FigureTable(String id, List<Column> columns, List<List<Object>> rows) {

    public enum Type { TEXT, COUNT, MONEY, PERCENT, DATE, TIME }

    /** @param summed whether the export adds a total of this column (a SUM formula in xlsx) */
    public record Column(String key, Type type, boolean summed) {
        public static Column text(String key) {
            return new Column(key, Type.TEXT, false);
        }

        public static Column count(String key) {
            return new Column(key, Type.COUNT, true);
        }

        public static Column money(String key) {
            return new Column(key, Type.MONEY, true);
        }

        public static Column percent(String key) {
            return new Column(key, Type.PERCENT, false);
        }
    }

    public FigureTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(r -> java.util.Collections.unmodifiableList(new java.util.ArrayList<>(r))).toList();
    }

    public boolean hasTotals() {
        return columns.stream().anyMatch(Column::summed);
    }

    /** The i18n key of a column's heading. */
    public static String headingKey(String columnKey) {
        return "dashboard.col." + columnKey;
    }

    /** The i18n key of a table's title. */
    public static String titleKey(String tableId) {
        return "dashboard.table." + tableId;
    }
}
