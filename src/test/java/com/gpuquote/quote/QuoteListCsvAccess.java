package com.gpuquote.quote;

/** Test access to the package-private CSV cell rule. */
public final class QuoteListCsvAccess {

    private QuoteListCsvAccess() {
    }

    public static String safe(String cell) {
        return QuoteListCsv.safe(cell);
    }

    public static byte[] write(java.util.List<QuoteSummary> quotes, java.util.Locale locale) {
        return QuoteListCsv.write(quotes, locale);
    }
}
