package com.gpuquote.quote.pdf;

import com.gpuquote.quote.LineView;
import com.gpuquote.quote.ModeComparison;
import com.gpuquote.quote.OptionTotals;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.shared.pdf.PdfCanvas;
import com.gpuquote.shared.pdf.PdfCanvas.Align;
import com.gpuquote.shared.pdf.PdfDocuments;
import com.gpuquote.shared.I18n;
import org.springframework.stereotype.Component;

import java.awt.Color;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Renders one quote version as a PDF in the customer's language: header, customer, options side by side, per option
 * its instance and service lines, list-vs-net summary and billing-mode comparison, then validity and terms. The words
 * and figures come from {@link QuoteDocumentText}, which the customer portal's page renders too (ADR 1601).
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
                + "    " + I18n.get(data.locale(), "quote.pdf.page", "{0}", "{1}"); // the page numbers go in per page
        return PdfDocuments.write(data.quoteNumber() + " v" + data.version(), data.tenantName(), footer, c -> {
            new Writer(c, data, portalUrl).write();
            if (data.draft()) {
                c.watermark(I18n.get(data.locale(), "quote.pdf.draft"));
            }
        });
    }

    /** Amount in the PDF and in tests: grouping, two decimals ("1,234,567.89"). */
    public static String amount(BigDecimal value) {
        return QuoteDocumentText.amount(value);
    }

    static String unit(BigDecimal value) {
        return QuoteDocumentText.unit(value);
    }

    private static final class Writer {
        private final PdfCanvas c;
        private final QuotePdfData d;
        /** Every word and figure of the document; this class only places them (ADR 1601). */
        private final QuoteDocumentText text;

        private final String portalUrl;

        Writer(PdfCanvas c, QuotePdfData d, String portalUrl) {
            this.portalUrl = portalUrl;
            this.c = c;
            this.d = d;
            this.text = new QuoteDocumentText(d);
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
            c.text(text.title(), HEAD, Color.DARK_GRAY);
            for (String line : text.sellerLines()) {
                c.text(line, SMALL, Color.DARK_GRAY);
            }
            c.rule();
            c.text(text.customerLine(), HEAD, Color.BLACK);
            String buyer = text.buyerLine();
            if (buyer != null) {
                c.text(buyer, BODY, Color.BLACK);
            }
            c.text(text.facts(), BODY, Color.BLACK);
            c.text(text.taxNote(), SMALL, Color.GRAY);
            if (portalUrl != null && !portalUrl.isBlank()) {
                c.gap(4);
                c.matrix(QrCodes.modules(portalUrl), 72, text.t("quote.pdf.qr"), BODY);
            }
            c.gap(6);
        }

        /** The options side by side: one column per option, one row per total. */
        private void summary() {
            if (d.options().isEmpty()) {
                c.text(text.noOptions(), BODY, Color.BLACK);
                return;
            }
            c.text(text.summaryHeading(), HEAD, Color.BLACK);
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
            head.addAll(text.summaryHead());
            c.row(widths, aligns, head, BODY, true, Color.BLACK);
            for (QuoteDocumentText.SummaryRow row : text.summaryRows()) {
                List<String> cells = new ArrayList<>();
                cells.add(row.label());
                cells.addAll(row.values());
                c.row(widths, aligns, cells, BODY, false, Color.BLACK);
            }
            c.gap(8);
        }

        private void option(OptionView option) {
            c.ensure(120);
            c.rule();
            c.text(text.optionHeading(option), HEAD, new Color(20, 70, 140));
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
            c.text(text.savings(option.totals()), BODY, Color.DARK_GRAY);
            comparison(option.billingModeComparison());
            c.gap(6);
        }

        private void lines(List<LineView> lines, BigDecimal vatRate) {
            float[] widths = {130, 66, 56, 30, 40, 74, 74, 90, 100, 102};
            Align[] aligns = {Align.LEFT, Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT,
                    Align.RIGHT, Align.RIGHT, Align.RIGHT};
            table(widths, aligns, text.lineHead(vatRate), () -> {
                for (LineView l : lines) {
                    c.row(widths, aligns, text.lineCells(l, vatRate), SMALL, false, Color.BLACK);
                    String what = text.lineDescription(l);
                    if (!what.isBlank()) {
                        c.paragraph(what, SMALL);
                    }
                }
            });
        }

        private void services(List<ServiceLine> services) {
            float[] widths = {462, 150, 150};
            Align[] aligns = {Align.LEFT, Align.LEFT, Align.RIGHT};
            table(widths, aligns, text.serviceHead(), () -> {
                for (ServiceLine s : services) {
                    c.row(widths, aligns, text.serviceCells(s), SMALL, false, Color.BLACK);
                }
            });
        }

        /** Issue 16: each provider voucher as a named step of the option total, with its amount. */
        private void vouchers(OptionTotals totals) {
            List<List<String>> rows = text.voucherRows(totals);
            if (rows.isEmpty()) {
                return;
            }
            float[] widths = {612, 150};
            Align[] aligns = {Align.LEFT, Align.RIGHT};
            table(widths, aligns, text.voucherHead(), () -> {
                for (int i = 0; i < rows.size(); i++) {
                    c.row(widths, aligns, rows.get(i), SMALL, i == rows.size() - 1, Color.BLACK);
                }
            });
        }

        private void comparison(List<ModeComparison> rows) {
            if (rows.isEmpty()) {
                return;
            }
            c.text(text.comparisonTitle(), BODY, Color.BLACK);
            float[] widths = {160, 150, 150, 150};
            Align[] aligns = {Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT};
            table(widths, aligns, text.comparisonHead(), () -> {
                for (ModeComparison m : rows) {
                    c.row(widths, aligns, text.comparisonCells(m), SMALL, false, m.available() ? Color.BLACK : Color.GRAY);
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

        /** Signature and company seal for both parties (盖章处), as procurement departments expect. */
        private void signatures() {
            c.ensure(110);
            c.gap(12);
            float half = c.width() / 2;
            float[] widths = {half, half};
            Align[] aligns = {Align.LEFT, Align.LEFT};
            c.row(widths, aligns, List.of(text.sellerSignatureHead(), text.buyerSignatureHead()), BODY, true,
                    Color.BLACK);
            c.gap(36);
            for (String key : List.of("quote.pdf.signature", "quote.pdf.seal", "quote.pdf.date")) {
                c.row(widths, aligns, List.of(text.t(key), text.t(key)), BODY, false, Color.BLACK);
            }
        }

        private void terms() {
            c.ensure(60);
            c.rule();
            c.text(text.termsHeading(), HEAD, Color.BLACK);
            c.paragraph(text.validity(), BODY);
            c.paragraph(text.standardTerms(), BODY);
            if (text.termsText() != null) {
                c.paragraph(text.termsText(), BODY);
            }
        }
    }
}
