package com.gpuquote.quote.ui;

import com.gpuquote.shared.DisplayFormat;

import java.math.BigDecimal;

/** Number display of the quote views, through the one {@link DisplayFormat}. */
final class Format {

    private Format() {
    }

    static String amount(BigDecimal value) {
        return DisplayFormat.amount(value);
    }

    static String unit(BigDecimal value) {
        return DisplayFormat.quotedUnitPrice(value);
    }

    static String percent(BigDecimal value) {
        return DisplayFormat.percent(value);
    }
}
