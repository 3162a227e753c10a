package com.gpuquote.quote.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/** Number display of the quote views: amounts "1,234.50", unit prices up to 4 decimals, percents. */
final class Format {

    private Format() {
    }

    static String amount(BigDecimal value) {
        if (value == null) {
            return "—";
        }
        return new DecimalFormat("#,##0.00", DecimalFormatSymbols.getInstance(Locale.ROOT))
                .format(value.setScale(2, RoundingMode.HALF_UP));
    }

    static String unit(BigDecimal value) {
        if (value == null) {
            return "—";
        }
        return new DecimalFormat("#,##0.00##", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
    }

    static String percent(BigDecimal value) {
        return value == null ? "—" : value.stripTrailingZeros().toPlainString() + "%";
    }
}
