package com.gpuquote.quote;

import com.gpuquote.shared.CsvCells;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.time.BusinessCalendar;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * The quotes list as CSV (issue 12), in the caller's language, UTF-8 with a BOM so that Excel opens Chinese text
 * correctly. Cells that a spreadsheet would run as a formula are escaped ({@link CsvCells}).
 */
final class QuoteListCsv {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private QuoteListCsv() {
    }

    static byte[] write(List<QuoteSummary> quotes, Locale locale) {
        StringBuilder out = new StringBuilder("\uFEFF");
        try (CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder().setRecordSeparator("\r\n").get())) {
            p.printRecord(I18n.get(locale, "quote.number"), I18n.get(locale, "quote.version"),
                    I18n.get(locale, "quote.status"), I18n.get(locale, "quote.customer"), I18n.get(locale, "quote.project"),
                    I18n.get(locale, "quote.consultant"), I18n.get(locale, "quote.validUntil"),
                    I18n.get(locale, "quote.created"));
            for (QuoteSummary q : quotes) {
                p.printRecord(safe(q.number()), q.version(), I18n.get(locale, "quote.status." + q.status().name()),
                        safe(q.customerName()), safe(q.projectName()), safe(q.authorName()), q.validUntil(),
                        TIME.format(q.createdAt().atZone(BusinessCalendar.ZONE)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    static String safe(@Nullable String cell) {
        String escaped = CsvCells.escape(cell);
        return escaped == null ? "" : escaped;
    }
}
