package com.gpuquote.dashboard;

import com.gpuquote.shared.CsvCells;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.time.BusinessCalendar;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFFormulaEvaluator;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes dashboard tables as CSV (UTF-8 with BOM so Excel on Chinese Windows reads it, plain numbers, times in China
 * time) and as an xlsx workbook (one sheet per table named by its id, numeric cells with number formats, a totals row
 * of SUM formulas whose values are evaluated and cached in the file). Headings in the caller's language.
 */
public final class DashboardExport {

    public static final String CSV_TYPE = "text/csv;charset=UTF-8";
    public static final String XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private DashboardExport() {
    }

    public static byte[] csv(FigureTable table, Locale locale) {
        StringBuilder out = new StringBuilder("\uFEFF");
        try (CSVPrinter printer = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator("\r\n").get())) {
            List<String> headings = new ArrayList<>();
            table.columns().forEach(c -> headings.add(I18n.get(locale, FigureTable.headingKey(c.key()))));
            printer.printRecord(headings.stream().map(CsvCells::escape).toList());
            for (List<Object> row : table.rows()) {
                List<String> cells = new ArrayList<>();
                for (Object cell : row) {
                    cells.add(cell instanceof String s ? CsvCells.escape(s) : text(cell));
                }
                printer.printRecord(cells);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A cell as CSV and grid text: numbers plain, instants in China time, null empty. */
    public static String text(Object cell) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (cell instanceof Instant i) {
            return TIME.format(i.atZone(BusinessCalendar.ZONE));
        }
        return cell.toString();
    }

    public static byte[] xlsx(List<FigureTable> tables, Locale locale) {
        try (XSSFWorkbook book = new XSSFWorkbook(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            Styles styles = new Styles(book);
            for (FigureTable table : tables) {
                sheet(book, styles, table, locale);
            }
            XSSFFormulaEvaluator.evaluateAllFormulaCells(book);
            book.write(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Styles(CellStyle heading, CellStyle money, CellStyle percent, CellStyle count, CellStyle time,
                          CellStyle date) {
        Styles(XSSFWorkbook book) {
            this(style(book, null, true), style(book, "#,##0.00", false), style(book, "0.00", false),
                    style(book, "0", false), style(book, "yyyy-mm-dd hh:mm", false), style(book, "yyyy-mm-dd", false));
        }

        private static CellStyle style(XSSFWorkbook book, String format, boolean bold) {
            CellStyle style = book.createCellStyle();
            if (format != null) {
                style.setDataFormat(book.createDataFormat().getFormat(format));
            }
            if (bold) {
                Font font = book.createFont();
                font.setBold(true);
                style.setFont(font);
            }
            return style;
        }
    }

    private static void sheet(XSSFWorkbook book, Styles styles, FigureTable table, Locale locale) {
        Sheet sheet = book.createSheet(table.id());
        Row heading = sheet.createRow(0);
        for (int c = 0; c < table.columns().size(); c++) {
            Cell cell = heading.createCell(c);
            cell.setCellValue(I18n.get(locale, FigureTable.headingKey(table.columns().get(c).key())));
            cell.setCellStyle(styles.heading());
        }
        int r = 1;
        for (List<Object> values : table.rows()) {
            Row row = sheet.createRow(r++);
            for (int c = 0; c < values.size(); c++) {
                write(row.createCell(c), values.get(c), table.columns().get(c).type(), styles);
            }
        }
        if (table.hasTotals() && !table.rows().isEmpty()) {
            Row totals = sheet.createRow(r);
            Cell label = totals.createCell(0);
            label.setCellValue(I18n.get(locale, "dashboard.total"));
            label.setCellStyle(styles.heading());
            for (int c = 1; c < table.columns().size(); c++) {
                FigureTable.Column column = table.columns().get(c);
                if (column.summed()) {
                    String letter = CellReference.convertNumToColString(c);
                    Cell cell = totals.createCell(c);
                    cell.setCellFormula("SUM(" + letter + "2:" + letter + r + ")");
                    cell.setCellStyle(column.type() == FigureTable.Type.MONEY ? styles.money() : styles.count());
                }
            }
        }
        sheet.createFreezePane(0, 1);
        for (int c = 0; c < table.columns().size(); c++) {
            sheet.setColumnWidth(c, 18 * 256);
        }
    }

    private static void write(Cell cell, Object value, FigureTable.Type type, Styles styles) {
        if (value == null) {
            return;
        }
        if (value instanceof BigDecimal d) {
            cell.setCellValue(d.doubleValue());
            cell.setCellStyle(type == FigureTable.Type.PERCENT ? styles.percent() : styles.money());
        } else if (value instanceof Integer i) {
            cell.setCellValue(i);
            cell.setCellStyle(styles.count());
        } else if (value instanceof Instant i) {
            cell.setCellValue(i.atZone(BusinessCalendar.ZONE).toLocalDateTime());
            cell.setCellStyle(styles.time());
        } else if (value instanceof LocalDate d) {
            cell.setCellValue(d);
            cell.setCellStyle(styles.date());
        } else {
            cell.setCellValue(value.toString());
        }
    }
}
