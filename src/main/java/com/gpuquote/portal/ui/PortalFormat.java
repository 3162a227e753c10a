package com.gpuquote.portal.ui;

import com.gpuquote.shared.DisplayFormat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

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
        return v == null ? "–" : DisplayFormat.sign(currency) + DisplayFormat.unitPrice(v);
    }

    /** ¥ for renminbi (the customer's usual sign), otherwise the ISO code, e.g. "USD 1,200.00". */
    static String symbol(String currency) {
        return DisplayFormat.sign(currency);
    }

    static String percent(BigDecimal rate) {
        return rate == null ? "" : rate.movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }

    static String number(Double d) {
        return d == null ? "?" : String.format(Locale.ROOT, "%.1f", d);
    }
}
