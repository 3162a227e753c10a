package com.gpuquote.portal.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Amounts and times as the customer reads them (CNY, two decimals, China time). */
final class PortalFormat {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm")
            .withZone(ZoneId.of("Asia/Shanghai"));

    private PortalFormat() {
    }

    static String money(BigDecimal v) {
        return v == null ? "–" : "¥" + String.format(Locale.ROOT, "%,.2f", v.setScale(2, RoundingMode.HALF_UP));
    }

    static String unit(BigDecimal v) {
        return v == null ? "–" : "¥" + v.stripTrailingZeros().setScale(Math.max(2, v.stripTrailingZeros().scale()),
                RoundingMode.HALF_UP).toPlainString();
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
