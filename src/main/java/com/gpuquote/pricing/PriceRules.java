package com.gpuquote.pricing;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * The one rule for a price in a price list, shared by the CSV import and the row editor: not negative, at most
 * {@value PriceListCsv#PRICE_SCALE} decimals (trailing zeros do not count: 1.50000 is 1.5), at most
 * {@value PriceListCsv#PRICE_MAX_INTEGER_DIGITS} integer digits (what NUMERIC(19,4) holds).
 */
public final class PriceRules {

    private PriceRules() {
    }

    /** What is wrong with a price, if anything; the codes are the CSV's. */
    public static Optional<CsvErrorCode> problem(BigDecimal price) {
        if (price.signum() < 0) {
            return Optional.of(CsvErrorCode.NEGATIVE_PRICE);
        }
        if (price.stripTrailingZeros().scale() > PriceListCsv.PRICE_SCALE) {
            return Optional.of(CsvErrorCode.TOO_MANY_DECIMALS);
        }
        if (price.setScale(PriceListCsv.PRICE_SCALE).precision() - PriceListCsv.PRICE_SCALE
                > PriceListCsv.PRICE_MAX_INTEGER_DIGITS) {
            return Optional.of(CsvErrorCode.PRICE_OUT_OF_RANGE);
        }
        return Optional.empty();
    }
}
