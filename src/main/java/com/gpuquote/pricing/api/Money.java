package com.gpuquote.pricing.api;

import com.gpuquote.pricing.PriceListCsv;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Money in JSON: strings, unit prices with exactly 4 decimals (never a JSON number, never a double). */
final class Money {
    private Money() {
    }

    static String unit(BigDecimal price) {
        return price == null ? null : price.setScale(PriceListCsv.PRICE_SCALE, RoundingMode.UNNECESSARY).toPlainString();
    }
}
