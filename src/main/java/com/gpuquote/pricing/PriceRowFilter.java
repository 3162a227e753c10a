package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import org.jspecify.annotations.Nullable;

/**
 * Which rows of a price list to show: {@code text} is what a consultant types (part of the instance type code, the
 * region code or the instance type's GPU model code, case-insensitive, taken literally: {@code %} and {@code _} match
 * themselves); {@code billingMode} null means every billing mode. Blank text means no text filter.
 */
public record PriceRowFilter(String text, @Nullable BillingMode billingMode) {

    /** Every row. */
    public static final PriceRowFilter ALL = new PriceRowFilter("", null);

    public PriceRowFilter {
        text = text == null ? "" : text.strip();
    }

    public static PriceRowFilter text(String text) {
        return new PriceRowFilter(text, null);
    }

    public PriceRowFilter withBillingMode(@Nullable BillingMode mode) {
        return new PriceRowFilter(text, mode);
    }

    public boolean hasText() {
        return !text.isEmpty();
    }

    public boolean isAll() {
        return text.isEmpty() && billingMode == null;
    }
}
