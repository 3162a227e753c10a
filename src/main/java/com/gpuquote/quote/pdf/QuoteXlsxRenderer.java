package com.gpuquote.quote.pdf;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.ChineseAmount;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.shared.I18n;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.springframework.stereotype.Component;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The quote document (issue 16) as an xlsx workbook for procurement teams that re-key quotes: one sheet per option
 * (quantities and prices as real numbers, line amounts and totals as formulas, vouchers as their own rows) and a
 * comparison sheet whose cells refer to the option sheets' totals. Every formula carries the engine's figure as its
 * stored value, so viewers that do not recalculate show what the PDF and the API say.
 * Like the PDF it only sees {@link OptionView}s: no cost, no margin.
 */
@Component
public class QuoteXlsxRenderer {

    /** Columns of an option sheet. */
    static final int TYPE = 0, DESCRIPTION = 1, REGION = 2, MODE = 3, QUANTITY = 4, MONTHS = 5, LIST_UNIT = 6,
            NET_UNIT = 7, MONTHLY = 8, TERM = 9, ONE_TIME = 10, TERM_WITH_VAT = 11;

    /**
     * Labels of the totals block, in this order, in column {@link #MONTHLY} (label) / {@link #TERM} (value); the
     * voucher rows only when an option of the document has vouchers, as in the PDF's summary.
     */
    static final List<String> TOTALS = List.of("quote.totals.monthlyNet", "quote.totals.termNet",
            "quote.totals.oneTime", "quote.totals.subtotal", "quote.doc.xlsx.vatRate", "quote.totals.vat",
            "quote.totals.grandTotal");
    static final List<String> TOTALS_WITH_VOUCHERS = List.of("quote.totals.monthlyNet", "quote.totals.termNet",
            "quote.totals.oneTime", "quote.totals.subtotal", "quote.totals.vouchers", "quote.totals.netAfterVouchers",
            "quote.doc.xlsx.vatRate", "quote.totals.vat", "quote.totals.grandTotal");

    static List<String> totals(QuotePdfData d) {
        return d.options().stream().anyMatch(o -> o.totals().hasVouchers()) ? TOTALS_WITH_VOUCHERS : TOTALS;
    }

    public byte[] render(QuotePdfData d) {
        Locale locale = I18n.supported(d.locale());
        try (XSSFWorkbook wb = new XSSFWorkbook(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            Styles styles = new Styles(wb);
            List<String[]> totalRefs = new ArrayList<>(); // per option: cell refs of TOTALS
            for (OptionView option : d.options()) {
                totalRefs.add(optionSheet(wb, styles, d, locale, option));
            }
            comparison(wb, styles, d, locale, totalRefs);
            terms(wb, styles, d, locale);
            wb.write(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sheet name of an option ("方案 A" / "Option A"). */
    static String sheetName(Locale locale, OptionView option) {
        return I18n.get(locale, "quote.option", option.name().name());
    }

    private String[] optionSheet(XSSFWorkbook wb, Styles styles, QuotePdfData d, Locale locale, OptionView option) {
        Sheet sheet = wb.createSheet(sheetName(locale, option));
        int r = header(sheet, styles, d, locale);
        if (option.title() != null || option.summary() != null) { // issue 16: the option's name and what it is for
            Row named = sheet.createRow(r++);
            text(named, 0, I18n.get(locale, "quote.option", option.label()), styles.bold);
            if (option.summary() != null) {
                text(named, 1, option.summary(), null);
            }
            r++;
        }
        Row head = sheet.createRow(r++);
        String[] heads = {"quote.line.instanceType", "quote.doc.xlsx.description", "quote.line.region",
                "quote.line.billingMode", "quote.line.quantity", "quote.line.termMonths", "quote.line.listUnitPrice",
                "quote.line.netUnitPrice", "quote.line.monthlyAmount", "quote.doc.xlsx.termAmount",
                "quote.totals.oneTime", "quote.doc.xlsx.termInclVat"};
        for (int i = 0; i < heads.length; i++) {
            text(head, i, I18n.get(locale, heads[i]), styles.bold);
        }
        int first = r;
        BigDecimal vatRate = option.totals().vatRate();
        List<Row> withVat = new ArrayList<>(); // line rows: the term amount with VAT beside the one without
        List<BigDecimal> withVatValues = new ArrayList<>();
        for (LineView l : option.lines()) {
            Row row = sheet.createRow(r++);
            text(row, TYPE, l.instanceType(), null);
            text(row, DESCRIPTION, QuoteDocumentText.lineDescription(d, l), null);
            text(row, REGION, l.region(), null);
            text(row, MODE, I18n.get(locale, "quote.billingMode." + l.billingMode().name()), null);
            number(row, QUANTITY, BigDecimal.valueOf(l.quantity()), null);
            number(row, MONTHS, BigDecimal.valueOf(l.termMonths()), null);
            number(row, LIST_UNIT, l.listUnitPrice(), styles.unit);
            number(row, NET_UNIT, l.netUnitPrice(), styles.unit);
            // quantity × price as formulas (BillingTerms' rules), so an edited quantity or price recomputes
            formula(row, MONTHLY, monthlyFormula(l, row.getRowNum()), styles.money, l.monthlyAmount());
            formula(row, TERM, termFormula(l, row.getRowNum()), styles.money, l.termAmount());
            withVat.add(row);
            withVatValues.add(l.termAmount().add(Money.amountTimesRate(l.termAmount(), vatRate)));
        }
        int termMonths = option.totals().termMonths();
        for (ServiceLine s : option.services()) {
            Row row = sheet.createRow(r++);
            text(row, TYPE, I18n.get(locale, "quote.services"), null);
            text(row, DESCRIPTION, s.description(), null);
            text(row, MODE, I18n.get(locale, "quote.service.charge." + s.charge().name()), null);
            if (s.charge() == ServiceCharge.MONTHLY) {
                // a monthly service runs over the option's term (its longest line term)
                number(row, MONTHS, BigDecimal.valueOf(termMonths), null);
                number(row, MONTHLY, s.amount(), styles.money);
                formula(row, TERM, ref(row.getRowNum(), MONTHLY) + "*" + ref(row.getRowNum(), MONTHS), styles.money,
                        s.amount().multiply(BigDecimal.valueOf(termMonths)));
            } else {
                number(row, ONE_TIME, s.amount(), styles.money);
            }
        }
        int last = r - 1;
        // a provider voucher (代金券) is credited on the subtotal before VAT, as in the PDF and the API: its own
        // rows below the lines (outside the line sums), summed into the vouchers total
        int firstVoucher = r;
        for (var v : option.totals().vouchers()) {
            Row row = sheet.createRow(r++);
            text(row, TYPE, I18n.get(locale, "quote.totals.vouchers"), null);
            text(row, DESCRIPTION, v.name(), null);
            number(row, TERM, v.amount().negate(), styles.money);
        }
        int lastVoucher = r - 1;
        r++;
        List<String> keys = totals(d);
        int at = r;
        String[] refs = new String[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            refs[i] = "'" + sheet.getSheetName() + "'!" + ref(at + i, TERM);
        }
        java.util.function.Function<String, String> cell = key -> ref(at + keys.indexOf(key), TERM);
        String net = keys.contains("quote.totals.netAfterVouchers") ? cell.apply("quote.totals.netAfterVouchers")
                : cell.apply("quote.totals.subtotal");
        java.util.Map<String, String> formulas = new java.util.HashMap<>();
        formulas.put("quote.totals.monthlyNet", last < first ? "0" : "SUM(" + range(first, last, MONTHLY) + ")");
        formulas.put("quote.totals.termNet", last < first ? "0" : "SUM(" + range(first, last, TERM) + ")");
        formulas.put("quote.totals.oneTime", last < first ? "0" : "SUM(" + range(first, last, ONE_TIME) + ")");
        formulas.put("quote.totals.subtotal", cell.apply("quote.totals.termNet") + "+"
                + cell.apply("quote.totals.oneTime"));
        // never more than the subtotal, as the engine caps it
        formulas.put("quote.totals.vouchers", lastVoucher < firstVoucher ? "0"
                : "-MIN(-SUM(" + range(firstVoucher, lastVoucher, TERM) + "),MAX("
                + cell.apply("quote.totals.subtotal") + ",0))");
        formulas.put("quote.totals.netAfterVouchers", cell.apply("quote.totals.subtotal") + "+"
                + cell.apply("quote.totals.vouchers"));
        formulas.put("quote.totals.vat", "ROUND(" + net + "*" + cell.apply("quote.doc.xlsx.vatRate") + ",2)");
        formulas.put("quote.totals.grandTotal", net + "+" + cell.apply("quote.totals.vat"));
        String rateCell = "$" + CellReference.convertNumToColString(TERM) + "$"
                + (at + keys.indexOf("quote.doc.xlsx.vatRate") + 1);
        for (int i = 0; i < withVat.size(); i++) {
            Row row = withVat.get(i);
            formula(row, TERM_WITH_VAT, ref(row.getRowNum(), TERM) + "+ROUND(" + ref(row.getRowNum(), TERM) + "*"
                    + rateCell + ",2)", styles.money, withVatValues.get(i));
        }
        for (String key : keys) {
            Row row = sheet.createRow(r++);
            text(row, MONTHLY, I18n.get(locale, key), styles.bold);
            if (key.equals("quote.doc.xlsx.vatRate")) {
                number(row, TERM, vatRate, styles.percent);
            } else {
                formula(row, TERM, formulas.get(key), styles.money, figure(option.totals(), key));
            }
        }
        if (Locale.CHINESE.getLanguage().equals(locale.getLanguage())) {
            Row row = sheet.createRow(r);
            text(row, MONTHLY, I18n.get(locale, "quote.pdf.totalInWords"), styles.bold);
            text(row, TERM, ChineseAmount.of(option.totals().grandTotal()), styles.wrap); // whole, wrapped in its cell
        }
        sheet.setColumnWidth(DESCRIPTION, 90 * 256);
        for (int c : new int[]{TYPE, REGION, MODE, LIST_UNIT, NET_UNIT, MONTHLY, TERM, ONE_TIME, TERM_WITH_VAT}) {
            sheet.setColumnWidth(c, 18 * 256);
        }
        return refs;
    }

    /** Seller, buyer, number and version; returns the next free row. */
    private int header(Sheet sheet, Styles styles, QuotePdfData d, Locale locale) {
        int r = 0;
        text(sheet.createRow(r++), 0, I18n.get(locale, "quote.pdf.title") + " " + d.quoteNumber() + " · "
                + I18n.get(locale, "shared.label", I18n.get(locale, "quote.pdf.version")) + d.version()
                + (d.draft() ? " · " + I18n.get(locale, "quote.pdf.draft") : ""), styles.bold);
        String seller = d.seller() != null && d.seller().legalName() != null ? d.seller().legalName() : d.tenantName();
        Row s = sheet.createRow(r++);
        text(s, 0, I18n.get(locale, "quote.pdf.sellerName"), styles.bold);
        text(s, 1, seller + (d.seller() != null && d.seller().creditCode() != null
                ? "  " + I18n.get(locale, "shared.label", I18n.get(locale, "quote.pdf.creditCode"))
                + d.seller().creditCode() : ""), null);
        Row b = sheet.createRow(r++);
        text(b, 0, I18n.get(locale, "quote.pdf.customer"), styles.bold);
        String buyer = d.buyer() != null && d.buyer().legalName() != null ? d.buyer().legalName() : d.customerName();
        text(b, 1, buyer + (d.buyer() != null && d.buyer().creditCode() != null
                ? "  " + I18n.get(locale, "shared.label", I18n.get(locale, "quote.pdf.creditCode"))
                + d.buyer().creditCode() : ""), null);
        Row v = sheet.createRow(r++);
        text(v, 0, I18n.get(locale, "quote.pdf.validUntil"), styles.bold);
        text(v, 1, d.validUntil().toString() + "  " + I18n.get(locale, "shared.label",
                I18n.get(locale, "quote.pdf.currency")) + d.currency(), null);
        return r + 1;
    }

    private void comparison(XSSFWorkbook wb, Styles styles, QuotePdfData d, Locale locale, List<String[]> refs) {
        Sheet sheet = wb.createSheet(I18n.get(locale, "quote.pdf.summary"));
        int r = header(sheet, styles, d, locale);
        Row head = sheet.createRow(r++);
        for (int i = 0; i < d.options().size(); i++) {
            text(head, i + 1, sheetName(locale, d.options().get(i)), styles.bold);
        }
        List<String> keys = totals(d);
        for (int t = 0; t < keys.size(); t++) {
            Row row = sheet.createRow(r++);
            String key = keys.get(t);
            text(row, 0, I18n.get(locale, key), styles.bold);
            for (int i = 0; i < d.options().size(); i++) {
                OptionTotals totals = d.options().get(i).totals();
                boolean rate = key.equals("quote.doc.xlsx.vatRate");
                formula(row, i + 1, refs.get(i)[t], rate ? styles.percent : styles.money,
                        rate ? totals.vatRate() : figure(totals, key));
            }
        }
        sheet.setColumnWidth(0, 28 * 256);
        for (int i = 0; i < d.options().size(); i++) {
            sheet.setColumnWidth(i + 1, 20 * 256);
        }
    }

    /**
     * The terms the PDF prints (validity, the standard terms and the quote's payment, delivery, SLA and validity
     * sections in the customer's language), one paragraph per row, so procurement gets them with the numbers.
     */
    private void terms(XSSFWorkbook wb, Styles styles, QuotePdfData d, Locale locale) {
        Sheet sheet = wb.createSheet(I18n.get(locale, "quote.pdf.terms"));
        int r = header(sheet, styles, d, locale);
        text(sheet.createRow(r++), 0, I18n.get(locale, "quote.pdf.terms"), styles.bold);
        List<String> paragraphs = new ArrayList<>();
        paragraphs.add(I18n.get(locale, "quote.pdf.validity", d.validUntil().toString()));
        paragraphs.add(I18n.get(locale, "quote.pdf.standardTerms"));
        if (d.termsText() != null && !d.termsText().isBlank()) {
            paragraphs.addAll(List.of(d.termsText().split("\\R")));
        }
        for (String p : paragraphs) {
            text(sheet.createRow(r++), 0, p, styles.wrap);
        }
        sheet.setColumnWidth(0, 120 * 256);
    }

    private static String ref(int row, int col) {
        return new CellReference(row, col).formatAsString(false);
    }

    private static String range(int first, int last, int col) {
        return ref(first, col) + ":" + ref(last, col);
    }

    private static void text(Row row, int col, String value, CellStyle style) {
        Cell cell = row.createCell(col);
        cell.setCellValue(value);
        if (style != null) {
            cell.setCellStyle(style);
        }
    }

    private static void number(Row row, int col, BigDecimal value, CellStyle style) {
        if (value == null) {
            return;
        }
        Cell cell = row.createCell(col);
        cell.setCellValue(value.doubleValue());
        if (style != null) {
            cell.setCellStyle(style);
        }
    }

    /**
     * A formula cell whose stored value is the engine's figure (exact BigDecimal, half-up once), so a viewer that
     * does not recalculate shows what the PDF and the API say; a spreadsheet that recalculates gets the same value
     * from the formula (the document tests evaluate every formula against the stored value).
     */
    private static void formula(Row row, int col, String formula, CellStyle style, BigDecimal cached) {
        Cell cell = row.createCell(col);
        cell.setCellFormula(formula);
        cell.setCellValue(cached.doubleValue());
        cell.setCellStyle(style);
    }

    /** HOURLY/SPOT unit × hours × quantity, MONTHLY unit × quantity, YEARLY unit × quantity ÷ 12; half-up once. */
    private static String monthlyFormula(LineView l, int row) {
        String qp = ref(row, QUANTITY) + "*" + ref(row, NET_UNIT);
        return switch (l.billingMode()) {
            case HOURLY, SPOT -> "ROUND(" + qp + "*" + l.hoursPerMonth() + ",2)";
            case MONTHLY -> "ROUND(" + qp + ",2)";
            case YEARLY -> "ROUND(" + qp + "/12,2)";
        };
    }

    /** The rounded monthly amount × the months; YEARLY unit × quantity × years, rounded once (ADR 3910). */
    private static String termFormula(LineView l, int row) {
        return l.billingMode() == BillingMode.YEARLY
                ? "ROUND(" + ref(row, QUANTITY) + "*" + ref(row, NET_UNIT) + "*" + ref(row, MONTHS) + "/12,2)"
                : ref(row, MONTHLY) + "*" + ref(row, MONTHS);
    }

    /** The engine's figure of one totals row. */
    private static BigDecimal figure(OptionTotals t, String key) {
        return switch (key) {
            case "quote.totals.monthlyNet" -> t.monthlyNet();
            case "quote.totals.termNet" -> t.termNet();
            case "quote.totals.oneTime" -> t.oneTime();
            case "quote.totals.subtotal" -> t.subtotal();
            case "quote.totals.vouchers" -> t.voucherTotal().negate();
            case "quote.totals.netAfterVouchers" -> t.netAfterVouchers();
            case "quote.totals.vat" -> t.vat();
            case "quote.totals.grandTotal" -> t.grandTotal();
            default -> throw new IllegalArgumentException(key);
        };
    }

    private static final class Styles {
        final CellStyle bold, money, unit, percent, wrap;

        Styles(XSSFWorkbook wb) {
            Font font = wb.createFont();
            font.setBold(true);
            bold = wb.createCellStyle();
            bold.setFont(font);
            money = wb.createCellStyle();
            money.setDataFormat(wb.createDataFormat().getFormat("#,##0.00"));
            unit = wb.createCellStyle();
            // shown in fen like every amount a person reads; the cell keeps the engine's four decimals
            unit.setDataFormat(wb.createDataFormat().getFormat("#,##0.00"));
            percent = wb.createCellStyle();
            percent.setDataFormat(wb.createDataFormat().getFormat("0.00%"));
            wrap = wb.createCellStyle();
            wrap.setWrapText(true);
        }
    }
}
