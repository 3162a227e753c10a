package com.gpuquote.portal.ui;

import com.gpuquote.shared.DisplayFormat;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;

/** Amounts and times as the customer reads them (the quote's currency, two decimals, China time). */
final class PortalFormat {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(com.gpuquote.shared.time.BusinessCalendar.ZONE);

    private PortalFormat() {
    }

    static String money(BigDecimal v, String currency) {
        return v == null ? "–" : DisplayFormat.money(v, currency);
    }

    static String unit(BigDecimal v, String currency) {
        return v == null ? "–" : DisplayFormat.quotedUnitPrice(v, currency);
    }

    static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }
}
