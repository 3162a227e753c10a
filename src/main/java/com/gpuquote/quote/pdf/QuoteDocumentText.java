package com.gpuquote.quote.pdf;

import com.gpuquote.commercial.ChineseAmount;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.I18n;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The words and figures of one quote document ({@link QuotePdfData}) in the document's language: every label, amount,
 * percentage and sentence the PDF prints. The PDF renderer places these strings on the page; the customer portal's
 * page puts the same strings into its components (ADR 1601), so the two cannot say a fact differently. Like the
 * record it only reads {@link OptionView}s: no cost, margin or rebate exists here to be printed.
 */
public final class QuoteDocumentText {

    /** One row of the options summary: a label and one value per option, in the document's option order. */
    public record SummaryRow(String key, String label, List<String> values) {
        public SummaryRow {
            values = List.copyOf(values);
        }

        /** This row's value for the option at {@code index} of the document. */
        public String value(int index) {
            return values.get(index);
        }
    }

    /** Keys of the summary rows, for the views that single one out (the grand total, the capital numerals). */
    public static final String GRAND_TOTAL = "quote.totals.grandTotal";
    public static final String SUBTOTAL = "quote.totals.subtotal";
    public static final String IN_WORDS = "quote.pdf.totalInWords";

    private final QuotePdfData d;
    private final Locale locale;

    public QuoteDocumentText(QuotePdfData document) {
        this.d = document;
        this.locale = I18n.supported(document.locale());
    }

    public QuotePdfData document() {
        return d;
    }

    public Locale locale() {
        return locale;
    }

    public String t(String key, Object... params) {
        return I18n.get(locale, key, params);
    }

    /** Amount as documents print it: grouping, two decimals ("1,234,567.89"); the currency is named once. */
    public static String amount(BigDecimal value) {
        return value == null ? "—" : DisplayFormat.amount(value);
    }

    static String unit(BigDecimal value) {
        return DisplayFormat.quotedUnitPrice(value);
    }

    /** "6%" from 0.06. */
    public static String rate(BigDecimal rate) {
        return percent(com.gpuquote.commercial.Percent.fromFraction(rate));
    }

    private static String percent(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString() + "%";
    }

    // ------------------------------------------------------------------ header

    public String title() {
        return t("quote.pdf.title");
    }

    /** The seller's legal details and bank (zero, one or two lines), each part only when the profile has it. */
    public List<String> sellerLines() {
        QuotePdfData.Seller s = d.seller();
        if (s == null) {
            return List.of();
        }
        List<String> first = new ArrayList<>();
        add(first, "quote.pdf.sellerName", s.legalName());
        add(first, "quote.pdf.creditCode", s.creditCode());
        add(first, "quote.pdf.address", s.address());
        add(first, "quote.pdf.phone", s.phone());
        List<String> second = new ArrayList<>();
        add(second, "quote.pdf.bank", s.bankName());
        add(second, "quote.pdf.bankAccount", s.bankAccount());
        add(second, "quote.pdf.consultant", s.consultant());
        List<String> lines = new ArrayList<>();
        for (List<String> line : List.of(first, second)) {
            if (!line.isEmpty()) {
                lines.add(String.join("    ", line));
            }
        }
        return lines;
    }

    /** "客户：深度智算". */
    public String customerLine() {
        return label("quote.pdf.customer") + d.customerName();
    }

    /** The buyer's legal details on one line, or null when the customer record has none. */
    public @Nullable String buyerLine() {
        QuotePdfData.Buyer b = d.buyer();
        if (b == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        add(parts, "quote.pdf.creditCode", b.creditCode());
        add(parts, "quote.pdf.address", b.address());
        add(parts, "quote.pdf.contact", b.contact());
        return parts.isEmpty() ? null : String.join("    ", parts);
    }

    /** Number, version, date, validity and currency on one line. */
    public String facts() {
        DateTimeFormatter date = DateTimeFormatter.ISO_LOCAL_DATE;
        return label("quote.pdf.number") + d.quoteNumber() + "    " + label("quote.pdf.version") + d.version()
                + "    " + label("quote.pdf.issued") + (d.issuedOn() == null ? "" : date.format(d.issuedOn()))
                + "    " + label("quote.pdf.validUntil") + date.format(d.validUntil())
                + "    " + label("quote.pdf.currency") + d.currency();
    }

    public String taxNote() {
        return t("quote.pdf.taxExclusive");
    }

    // ------------------------------------------------------------------ options side by side

    public String summaryHeading() {
        return t("quote.pdf.summary");
    }

    public String noOptions() {
        return t("quote.pdf.noOptions");
    }

    /** Column heads of the summary after the label column: "方案 A", "方案 B". */
    public List<String> summaryHead() {
        return d.options().stream().map(o -> t("quote.option", o.name().name())).toList();
    }

    /** The totals of every option, row by row, as the PDF's summary table prints them. */
    public List<SummaryRow> summaryRows() {
        List<SummaryRow> rows = new ArrayList<>();
        rows.add(row("quote.totals.monthlyNet", tt -> amount(tt.monthlyNet())));
        rows.add(row("quote.totals.termMonths", tt -> String.valueOf(tt.termMonths())));
        rows.add(row("quote.totals.termNet", tt -> amount(tt.termNet())));
        rows.add(row("quote.totals.oneTime", tt -> amount(tt.oneTime())));
        rows.add(row(SUBTOTAL, tt -> amount(tt.subtotal())));
        if (d.options().stream().anyMatch(o -> o.totals().hasVouchers())) {
            // issue 16: provider vouchers (代金券) reduce the amount invoiced; VAT is on the net after them.
            // The reseller's rebate (返点) is never part of the customer's document.
            rows.add(row("quote.totals.vouchers",
                    tt -> tt.hasVouchers() ? "-" + amount(tt.voucherTotal()) : amount(tt.voucherTotal())));
            rows.add(row("quote.totals.netAfterVouchers", tt -> amount(tt.netAfterVouchers())));
        }
        rows.add(row("quote.totals.vat", tt -> rate(tt.vatRate()) + "  " + amount(tt.vat())));
        rows.add(row(GRAND_TOTAL, tt -> amount(tt.grandTotal())));
        if (inWords()) {
            // Chinese quotations carry the total in capital numerals (大写金额), as invoices and contracts do
            rows.add(row(IN_WORDS, tt -> ChineseAmount.of(tt.grandTotal())));
        }
        rows.add(row("quote.totals.listTermNet", tt -> amount(tt.listTermNet())));
        rows.add(row("quote.totals.discount", tt -> tt.isSurcharge()
                ? t("quote.totals.surchargeValue", amount(tt.discountTotal().negate())) : amount(tt.discountTotal())));
        return rows;
    }

    /** Only Chinese documents carry the capital numerals. */
    public boolean inWords() {
        return Locale.CHINESE.getLanguage().equals(locale.getLanguage());
    }

    private SummaryRow row(String key, Function<OptionTotals, String> value) {
        return new SummaryRow(key, t(key), d.options().stream().map(o -> value.apply(o.totals())).toList());
    }

    // ------------------------------------------------------------------ one option

    /** "方案 A · 经济型 8 × L20". */
    public String optionHeading(OptionView option) {
        return t("quote.option", option.label());
    }

    /** Heads of the line table; the term amount without and with VAT side by side (不含税 / 含税). */
    public List<String> lineHead(BigDecimal vatRate) {
        return List.of(t("quote.line.instanceType"), t("quote.line.region"), t("quote.line.billingMode"),
                t("quote.line.quantity"), t("quote.line.termMonths"), t("quote.line.listUnitPrice"),
                t("quote.line.netUnitPrice"), t("quote.line.monthlyAmount"), t("quote.pdf.termExclVat"),
                t("quote.pdf.termInclVat", rate(vatRate)));
    }

    /** One line's cells, in the order of {@link #lineHead}. */
    public List<String> lineCells(LineView l, BigDecimal vatRate) {
        return List.of(l.instanceType(), l.region(), mode(l.billingMode().name()), String.valueOf(l.quantity()),
                String.valueOf(l.termMonths()), unit(l.listUnitPrice()), unit(l.netUnitPrice()),
                amount(l.monthlyAmount()), amount(l.termAmount()),
                amount(l.termAmount().add(Money.amountTimesRate(l.termAmount(), vatRate))));
    }

    /** What the line is (hardware; fit, plan and estimates of a sized line), part by part; never null. */
    public LineDescriptions.Description lineParts(LineView l) {
        LineDescriptions.Description what = d.lineDescriptions().get(l.id());
        return what == null ? new LineDescriptions.Description(null, null, null, List.of()) : what;
    }

    /** What the line is, in one paragraph ("" when nothing is known). */
    public static String lineDescription(QuotePdfData d, LineView l) {
        LineDescriptions.Description what = d.lineDescriptions().get(l.id());
        return what == null ? "" : what.text();
    }

    public String lineDescription(LineView l) {
        return lineDescription(d, l);
    }

    public List<String> serviceHead() {
        return List.of(t("quote.service.description"), t("quote.service.charge"), t("quote.service.amount"));
    }

    public List<String> serviceCells(ServiceLine s) {
        return List.of(s.description(), t("quote.service.charge." + s.charge().name()),
                amount(s.amount()) + (s.charge() == ServiceCharge.MONTHLY ? " / " + t("quote.pdf.month") : ""));
    }

    public List<String> voucherHead() {
        return List.of(t("quote.voucher.name"), t("quote.voucher.amount"));
    }

    /** Issue 16: the subtotal, each provider voucher with its amount, the net after them (last row in bold). */
    public List<List<String>> voucherRows(OptionTotals totals) {
        if (!totals.hasVouchers()) {
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(t("quote.totals.subtotal"), amount(totals.subtotal())));
        for (var v : totals.vouchers()) {
            rows.add(List.of(v.name(), "-" + amount(v.amount())));
        }
        rows.add(List.of(t("quote.totals.netAfterVouchers"), amount(totals.netAfterVouchers())));
        return rows;
    }

    /** The waterfall summary: what the list price would have been over the term, the net, the saving or surcharge. */
    public String savings(OptionTotals totals) {
        BigDecimal difference = totals.discountTotal().abs();
        String pct = totals.listTermNet().signum() == 0 ? "0"
                : percent(difference.multiply(BigDecimal.valueOf(100))
                .divide(totals.listTermNet(), 2, RoundingMode.HALF_UP));
        return t(totals.isSurcharge() ? "quote.pdf.surcharge" : "quote.pdf.savings", amount(totals.listTermNet()),
                amount(totals.termNet()), amount(difference), pct);
    }

    public String comparisonTitle() {
        return t("quote.comparison.title");
    }

    public List<String> comparisonHead() {
        return List.of(t("quote.line.billingMode"), t("quote.totals.monthlyNet"), t("quote.totals.termNet"),
                t("quote.totals.grandTotal"));
    }

    public List<String> comparisonCells(ModeComparison m) {
        return m.available()
                ? List.of(mode(m.mode().name()), amount(m.monthlyNet()), amount(m.termNet()), amount(m.grandTotal()))
                : List.of(mode(m.mode().name()), t("quote.comparison." + m.availability().name()), "", "");
    }

    // ------------------------------------------------------------------ terms and signatures

    public String termsHeading() {
        return t("quote.pdf.terms");
    }

    public String validity() {
        return t("quote.pdf.validity", DateTimeFormatter.ISO_LOCAL_DATE.format(d.validUntil()));
    }

    public String standardTerms() {
        return t("quote.pdf.standardTerms");
    }

    /** The seller's terms for this quote (null when none). */
    public String termsText() {
        return d.termsText() == null || d.termsText().isBlank() ? null : d.termsText();
    }

    public String sellerSignatureHead() {
        return t("quote.pdf.seller") + "  " + (d.seller() != null && d.seller().legalName() != null
                ? d.seller().legalName() : d.tenantName());
    }

    public String buyerSignatureHead() {
        return t("quote.pdf.buyer") + "  " + (d.buyer() != null && d.buyer().legalName() != null
                ? d.buyer().legalName() : d.customerName());
    }

    private String mode(String name) {
        return t("quote.billingMode." + name);
    }

    private String label(String key) {
        return t("shared.label", t(key));
    }

    private void add(List<String> parts, String key, String value) {
        if (value != null && !value.isBlank()) {
            parts.add(label(key) + value);
        }
    }
}
