package com.gpuquote.quote.pdf;

import com.gpuquote.commercial.ChineseAmount;
import com.gpuquote.commercial.Money;
import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.ServiceCharge;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.shared.pdf.PdfCanvas;
import com.gpuquote.shared.pdf.PdfCanvas.Align;
import com.gpuquote.shared.pdf.PdfDocuments;
import com.gpuquote.shared.I18n;
import org.springframework.stereotype.Component;

import java.awt.Color;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Renders one quote version as a PDF in the customer's language: header, customer, options side by side, per option
 * its instance and service lines, list-vs-net summary and billing-mode comparison, then validity and terms.
 * Chinese text uses the shipped WenQuanYi Micro Hei, subset-embedded. It only takes {@link OptionView}s, which carry
 * no cost or margin.
 */
@Component
public class QuotePdfRenderer {

    private static final float TITLE = 18, HEAD = 12, BODY = 9, SMALL = 8;

    public byte[] render(QuotePdfData data) {
        return render(data, null);
    }

    /**
     * The PDF with, when {@code portalUrl} is given, a QR code opening the customer's portal link (issue 16). The URL
     * carries the link's token, so it is only ever drawn as the QR code, never printed as text; it is not part of the
     * document model either, so the xlsx export can never carry it.
     */
    public byte[] render(QuotePdfData data, String portalUrl) {
        // quote number and version on every page, beside "page x / y" (issue 16)
        String footer = I18n.get(data.locale(), "quote.pdf.footer", data.quoteNumber(), data.version())
                + "    " + I18n.get(data.locale(), "quote.pdf.page");
        return PdfDocuments.write(data.quoteNumber() + " v" + data.version(), data.tenantName(), footer, c -> {
            new Writer(c, data, portalUrl).write();
            if (data.draft()) {
                c.watermark(I18n.get(data.locale(), "quote.pdf.draft"));
            }
        });
    }

    /** Amount in the PDF and in tests: grouping, two decimals ("1,234,567.89"). */
    public static String amount(BigDecimal value) {
        if (value == null) {
            return "—";
        }
        return com.gpuquote.shared.DisplayFormat.amount(value);
    }

    static String unit(BigDecimal value) {
        return com.gpuquote.shared.DisplayFormat.unitPrice(value);
    }

    private static final class Writer {
        private final PdfCanvas c;
        private final QuotePdfData d;
        private final Locale locale;

        private final String portalUrl;

        Writer(PdfCanvas c, QuotePdfData d, String portalUrl) {
            this.portalUrl = portalUrl;
            this.c = c;
            this.d = d;
            this.locale = I18n.supported(d.locale());
        }

        private String t(String key, Object... params) {
            return I18n.get(locale, key, params);
        }

        void write() {
            header();
            summary();
            for (OptionView option : d.options()) {
                option(option);
            }
            terms();
            signatures();
        }

        private void header() {
            if (d.logoPng() != null && d.logoPng().length > 0) {
                c.image(d.logoPng(), 36);
            }
            c.text(d.tenantName(), TITLE, new Color(20, 70, 140));
            c.text(t("quote.pdf.title"), HEAD, Color.DARK_GRAY);
            seller();
            c.rule();
            DateTimeFormatter date = DateTimeFormatter.ISO_LOCAL_DATE;
            c.text(t("shared.label", t("quote.pdf.customer")) + d.customerName(), HEAD, Color.BLACK);
            buyer();
            c.text(t("shared.label", t("quote.pdf.number")) + d.quoteNumber() + "    " + t("shared.label", t("quote.pdf.version")) + d.version()
                    + "    " + t("shared.label", t("quote.pdf.issued")) + (d.issuedOn() == null ? "" : date.format(d.issuedOn()))
                    + "    " + t("shared.label", t("quote.pdf.validUntil")) + date.format(d.validUntil())
                    + "    " + t("shared.label", t("quote.pdf.currency")) + d.currency(), BODY, Color.BLACK);
            c.text(t("quote.pdf.taxExclusive"), SMALL, Color.GRAY);
            if (portalUrl != null && !portalUrl.isBlank()) {
                c.gap(4);
                c.matrix(QrCodes.modules(portalUrl), 72, t("quote.pdf.qr"), BODY);
            }
            c.gap(6);
        }

        /** The options side by side: one column per option, one row per total. */
        private void summary() {
            if (d.options().isEmpty()) {
                c.text(t("quote.pdf.noOptions"), BODY, Color.BLACK);
                return;
            }
            c.text(t("quote.pdf.summary"), HEAD, Color.BLACK);
            int n = d.options().size();
            float label = 200;
            float[] widths = new float[n + 1];
            widths[0] = label;
            Arrays.fill(widths, 1, n + 1, Math.min(150, (c.width() - label) / n));
            Align[] aligns = new Align[n + 1];
            Arrays.fill(aligns, Align.RIGHT);
            aligns[0] = Align.LEFT;
            List<String> head = new ArrayList<>();
            head.add("");
            d.options().forEach(o -> head.add(t("quote.option", o.name().name())));
            c.row(widths, aligns, head, BODY, true, Color.BLACK);
            summaryRow(widths, aligns, t("quote.totals.monthlyNet"), tt -> amount(tt.monthlyNet()));
            summaryRow(widths, aligns, t("quote.totals.termMonths"), tt -> String.valueOf(tt.termMonths()));
            summaryRow(widths, aligns, t("quote.totals.termNet"), tt -> amount(tt.termNet()));
            summaryRow(widths, aligns, t("quote.totals.oneTime"), tt -> amount(tt.oneTime()));
            summaryRow(widths, aligns, t("quote.totals.subtotal"), tt -> amount(tt.subtotal()));
            if (d.options().stream().anyMatch(o -> o.totals().hasVouchers())) {
                // issue 16: provider vouchers (代金券) reduce the amount invoiced; VAT is on the net after them.
                // The reseller's rebate (返点) is never part of the customer's document.
                summaryRow(widths, aligns, t("quote.totals.vouchers"),
                        tt -> tt.hasVouchers() ? "-" + amount(tt.voucherTotal()) : amount(tt.voucherTotal()));
                summaryRow(widths, aligns, t("quote.totals.netAfterVouchers"), tt -> amount(tt.netAfterVouchers()));
            }
            summaryRow(widths, aligns, t("quote.totals.vat"), tt -> percent(tt.vatRate().movePointRight(2)) + "  " + amount(tt.vat()));
            summaryRow(widths, aligns, t("quote.totals.grandTotal"), tt -> amount(tt.grandTotal()));
            if (Locale.CHINESE.getLanguage().equals(locale.getLanguage())) {
                // Chinese quotations carry the total in capital numerals (大写金额), as invoices and contracts do
                summaryRow(widths, aligns, t("quote.pdf.totalInWords"), tt -> ChineseAmount.of(tt.grandTotal()));
            }
            summaryRow(widths, aligns, t("quote.totals.listTermNet"), tt -> amount(tt.listTermNet()));
            summaryRow(widths, aligns, t("quote.totals.discount"), tt -> amount(tt.discountTotal()));
            c.gap(8);
        }

        private void summaryRow(float[] widths, Align[] aligns, String label, Function<OptionTotals, String> value) {
            List<String> cells = new ArrayList<>();
            cells.add(label);
            d.options().forEach(o -> cells.add(value.apply(o.totals())));
            c.row(widths, aligns, cells, BODY, false, Color.BLACK);
        }

        private void option(OptionView option) {
            c.ensure(120);
            c.rule();
            c.text(t("quote.option", option.label()), HEAD, new Color(20, 70, 140));
            if (option.summary() != null) { // issue 16: what the option is sized for, before its lines
                c.paragraph(option.summary(), BODY);
            }
            if (!option.lines().isEmpty()) {
                lines(option.lines(), option.totals().vatRate());
            }
            if (!option.services().isEmpty()) {
                services(option.services());
            }
            vouchers(option.totals());
            savings(option.totals());
            comparison(option.billingModeComparison());
            c.gap(6);
        }

        private void lines(List<LineView> lines, BigDecimal vatRate) {
            // the term amount without and with VAT side by side (不含税 / 含税), the rate from the tenant's settings
            float[] widths = {130, 66, 56, 30, 40, 74, 74, 90, 100, 102};
            Align[] aligns = {Align.LEFT, Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT,
                    Align.RIGHT, Align.RIGHT, Align.RIGHT};
            String rate = percent(vatRate.movePointRight(2));
            List<String> head = List.of(t("quote.line.instanceType"), t("quote.line.region"), t("quote.line.billingMode"),
                    t("quote.line.quantity"), t("quote.line.termMonths"), t("quote.line.listUnitPrice"),
                    t("quote.line.netUnitPrice"), t("quote.line.monthlyAmount"), t("quote.pdf.termExclVat"),
                    t("quote.pdf.termInclVat", rate));
            table(widths, aligns, head, () -> {
                for (LineView l : lines) {
                    c.row(widths, aligns, List.of(l.instanceType(), l.region(), mode(l.billingMode().name()),
                            String.valueOf(l.quantity()), String.valueOf(l.termMonths()), unit(l.listUnitPrice()),
                            unit(l.netUnitPrice()), amount(l.monthlyAmount()), amount(l.termAmount()),
                            amount(l.termAmount().add(Money.amountTimesRate(l.termAmount(), vatRate)))),
                            SMALL, false, Color.BLACK);
                    String what = d.lineDescriptions().get(l.id());
                    if (what != null && !what.isBlank()) {
                        c.paragraph(what, SMALL);
                    }
                }
            });
        }

        private void services(List<ServiceLine> services) {
            float[] widths = {462, 150, 150};
            Align[] aligns = {Align.LEFT, Align.LEFT, Align.RIGHT};
            List<String> head = List.of(t("quote.service.description"), t("quote.service.charge"), t("quote.service.amount"));
            table(widths, aligns, head, () -> {
                for (ServiceLine s : services) {
                    c.row(widths, aligns, List.of(s.description(), t("quote.service.charge." + s.charge().name()),
                            amount(s.amount()) + (s.charge() == ServiceCharge.MONTHLY ? " / " + t("quote.pdf.month") : "")),
                            SMALL, false, Color.BLACK);
                }
            });
        }

        /** Issue 16: each provider voucher as a named step of the option total, with its amount. */
        private void vouchers(OptionTotals totals) {
            if (!totals.hasVouchers()) {
                return;
            }
            float[] widths = {612, 150};
            Align[] aligns = {Align.LEFT, Align.RIGHT};
            table(widths, aligns, List.of(t("quote.voucher.name"), t("quote.voucher.amount")), () -> {
                c.row(widths, aligns, List.of(t("quote.totals.subtotal"), amount(totals.subtotal())), SMALL, false,
                        Color.BLACK);
                for (var v : totals.vouchers()) {
                    c.row(widths, aligns, List.of(v.name(), "-" + amount(v.amount())), SMALL, false, Color.BLACK);
                }
                c.row(widths, aligns, List.of(t("quote.totals.netAfterVouchers"), amount(totals.netAfterVouchers())),
                        SMALL, true, Color.BLACK);
            });
        }

        /** The waterfall summary: what the list price would have been over the term, the net, the saving. */
        private void savings(OptionTotals totals) {
            String pct = totals.listTermNet().signum() == 0 ? "0"
                    : percent(totals.discountTotal().multiply(BigDecimal.valueOf(100))
                    .divide(totals.listTermNet(), 2, RoundingMode.HALF_UP));
            c.text(t("quote.pdf.savings", amount(totals.listTermNet()), amount(totals.termNet()),
                    amount(totals.discountTotal()), pct), BODY, Color.DARK_GRAY);
        }

        private void comparison(List<ModeComparison> rows) {
            if (rows.isEmpty()) {
                return;
            }
            c.text(t("quote.comparison.title"), BODY, Color.BLACK);
            float[] widths = {160, 150, 150, 150};
            Align[] aligns = {Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT};
            List<String> head = List.of(t("quote.line.billingMode"), t("quote.totals.monthlyNet"),
                    t("quote.totals.termNet"), t("quote.totals.grandTotal"));
            table(widths, aligns, head, () -> {
                for (ModeComparison m : rows) {
                    List<String> cells = m.available()
                            ? List.of(mode(m.mode().name()), amount(m.monthlyNet()), amount(m.termNet()), amount(m.grandTotal()))
                            : List.of(mode(m.mode().name()), t("quote.comparison." + m.availability().name()), "", "");
                    c.row(widths, aligns, cells, SMALL, false, m.available() ? Color.BLACK : Color.GRAY);
                }
            });
        }

        private void table(float[] widths, Align[] aligns, List<String> head, Runnable body) {
            c.ensure(SMALL * 1.7f * 3);
            c.row(widths, aligns, head, SMALL, true, Color.BLACK);
            c.onNewPage(() -> c.row(widths, aligns, head, SMALL, true, Color.BLACK));
            body.run();
            c.onNewPage(null);
            c.gap(4);
        }

        /** The seller's legal details and bank, each only when the tenant's profile has it. */
        private void seller() {
            QuotePdfData.Seller s = d.seller();
            if (s == null) {
                return;
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
            for (List<String> line : List.of(first, second)) {
                if (!line.isEmpty()) {
                    c.text(String.join("    ", line), SMALL, Color.DARK_GRAY);
                }
            }
        }

        private void add(List<String> parts, String key, String value) {
            if (value != null && !value.isBlank()) {
                parts.add(t("shared.label", t(key)) + value);
            }
        }

        /** The buyer's legal details, each line only when the customer record has it. */
        private void buyer() {
            QuotePdfData.Buyer b = d.buyer();
            if (b == null) {
                return;
            }
            List<String> parts = new ArrayList<>();
            if (b.creditCode() != null && !b.creditCode().isBlank()) {
                parts.add(t("shared.label", t("quote.pdf.creditCode")) + b.creditCode());
            }
            if (b.address() != null && !b.address().isBlank()) {
                parts.add(t("shared.label", t("quote.pdf.address")) + b.address());
            }
            if (b.contact() != null && !b.contact().isBlank()) {
                parts.add(t("shared.label", t("quote.pdf.contact")) + b.contact());
            }
            if (!parts.isEmpty()) {
                c.text(String.join("    ", parts), BODY, Color.BLACK);
            }
        }

        /** Signature and company seal for both parties (盖章处), as procurement departments expect. */
        private void signatures() {
            c.ensure(110);
            c.gap(12);
            float half = c.width() / 2;
            float[] widths = {half, half};
            Align[] aligns = {Align.LEFT, Align.LEFT};
            c.row(widths, aligns, List.of(t("quote.pdf.seller") + "  " + (d.seller() != null
                            && d.seller().legalName() != null ? d.seller().legalName() : d.tenantName()),
                    t("quote.pdf.buyer") + "  " + (d.buyer() != null && d.buyer().legalName() != null
                            ? d.buyer().legalName() : d.customerName())), BODY, true, Color.BLACK);
            c.gap(36);
            c.row(widths, aligns, List.of(t("quote.pdf.signature"), t("quote.pdf.signature")), BODY, false, Color.BLACK);
            c.row(widths, aligns, List.of(t("quote.pdf.seal"), t("quote.pdf.seal")), BODY, false, Color.BLACK);
            c.row(widths, aligns, List.of(t("quote.pdf.date"), t("quote.pdf.date")), BODY, false, Color.BLACK);
        }

        private void terms() {
            c.ensure(60);
            c.rule();
            c.text(t("quote.pdf.terms"), HEAD, Color.BLACK);
            c.paragraph(t("quote.pdf.validity", DateTimeFormatter.ISO_LOCAL_DATE.format(d.validUntil())), BODY);
            c.paragraph(t("quote.pdf.standardTerms"), BODY);
            if (d.termsText() != null && !d.termsText().isBlank()) {
                c.paragraph(d.termsText(), BODY);
            }
        }

        private String mode(String name) {
            return t("quote.billingMode." + name);
        }

        private static String percent(BigDecimal value) {
            return value.stripTrailingZeros().toPlainString() + "%";
        }
    }
}
