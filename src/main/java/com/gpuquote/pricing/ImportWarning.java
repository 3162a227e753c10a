package com.gpuquote.pricing;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * An implausible row of a price-list file (issue 39): the import preview shows it and the import still goes
 * through; an admin decides. One warning per finding, so a row may carry several.
 *
 * @param row           the file's row number (the header is row 1), as errors number them
 * @param code          what looks wrong
 * @param key           the row's provider, instance type, region and billing mode
 * @param field         {@code listPrice} or {@code costPrice}: the price the warning is about
 * @param price         that price, as the file gives it
 * @param reference     what it is held against: the row's list price ({@link Code#COST_ABOVE_LIST}), the HOURLY list
 *                      price of the same type and region ({@link Code#SPOT_ABOVE_HOURLY}), the price in force
 *                      ({@link Code#CHANGE_OVER_20_PERCENT}); null for {@link Code#LIST_ZERO}
 * @param changePercent for a change: (new − old) / old × 100, half-up to 2 decimals; null when old is 0
 */
public record ImportWarning(int row, Code code, PriceKey key, String field, BigDecimal price,
                            @Nullable BigDecimal reference, @Nullable BigDecimal changePercent) {

    /** The warning in English (the REST answer's {@code message}; views translate {@link Code#messageKey()}). */
    public String message() {
        String p = price.toPlainString();
        String ref = reference == null ? "" : reference.toPlainString();
        return switch (code) {
            case LIST_ZERO -> "The list price is 0";
            case COST_ABOVE_LIST -> "The cost price " + p + " is above the list price " + ref;
            case SPOT_ABOVE_HOURLY -> "The SPOT list price " + p + " is above the HOURLY list price " + ref;
            case CHANGE_OVER_20_PERCENT -> "The " + ("costPrice".equals(field) ? "cost" : "list") + " price changes "
                    + (changePercent == null ? "from 0" : "by " + changePercent.toPlainString() + " %") + " against "
                    + "the list in force: " + ref + " → " + p;
        };
    }

    /** Kinds of implausible rows, each with its bundle key ({@code pricing.import.warning.<CODE>}). */
    public enum Code {
        /** The list price is 0: the type would be quoted for nothing. */
        LIST_ZERO,
        /** The cost price is above the list price: every sale at list loses money. */
        COST_ABOVE_LIST,
        /** A SPOT list price above the HOURLY list price of the same type and region. */
        SPOT_ABOVE_HOURLY,
        /** The list or cost price moves by more than 20 % against the price in force for the same row. */
        CHANGE_OVER_20_PERCENT;

        public String messageKey() {
            return "pricing.import.warning." + name();
        }
    }
}
