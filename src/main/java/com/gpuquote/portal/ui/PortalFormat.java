package com.gpuquote.portal.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Amounts and times as the customer reads them (the quote's currency, two decimals, China time). */
final class PortalFormat {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.of("Asia/Shanghai"));

    private PortalFormat() {
    }

    static String money(BigDecimal v, String currency) {
        return v == null ? "–" : symbol(currency) + String.format(Locale.ROOT, "%,.2f", v.setScale(2, RoundingMode.HALF_UP));
    }

    static String unit(BigDecimal v, String currency) {
        return v == null ? "–" : symbol(currency) + v.stripTrailingZeros().setScale(
                Math.max(2, v.stripTrailingZeros().scale()), RoundingMode.HALF_UP).toPlainString();
    }

    /** ¥ for renminbi (the customer's usual sign), otherwise the ISO code, e.g. "USD 1,200.00". */
    static String symbol(String currency) {
        if (currency == null || currency.isBlank()) {
            return "";
        }
        return "CNY".equals(currency) ? "¥" : currency + " ";
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
