package com.gpuquote.sizing.ui;

import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.UI;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The sizing view's prices through the one {@link DisplayFormat} (issue 12). A recommendation carries its money as
 * strings (unit prices with 4 decimals, amounts with 2, see {@code RecommendationReport}); these show them with the
 * currency sign, thousands separators and, for a unit price, the billing mode's unit.
 */
final class SizingPrices {

    private SizingPrices() {
    }

    /** An amount: {@code ¥7,300.00}; empty when there is none. */
    static String amount(@Nullable String value, @Nullable String currency) {
        BigDecimal v = decimal(value);
        return v == null ? text(value) : DisplayFormat.money(v, currency);
    }

    /** An amount a month: {@code ¥7,300.00 / 月}. */
    static String perMonth(@Nullable String value, @Nullable String currency) {
        BigDecimal v = decimal(value);
        return v == null ? text(value) : DisplayFormat.money(v, currency) + " "
                + DisplayFormat.per(DisplayFormat.Per.MONTH, locale());
    }

    /** A unit price with the unit of its billing mode: {@code ¥10.00 / 小时}, {@code ¥6,000.00 / 月}. */
    static String unitPrice(@Nullable String value, @Nullable String currency, @Nullable String billingMode) {
        BigDecimal v = decimal(value);
        if (v == null) {
            return text(value);
        }
        if (billingMode == null) {
            return DisplayFormat.unitPrice(v, currency);
        }
        return DisplayFormat.unitPrice(v, currency, DisplayFormat.Per.ofBillingMode(billingMode), locale());
    }

    /** A price with 2 to 4 decimals and the currency sign, no unit: {@code ¥0.0042}. */
    static String price(BigDecimal value, @Nullable String currency) {
        return DisplayFormat.unitPrice(value, currency);
    }

    private static @Nullable BigDecimal decimal(@Nullable String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return new BigDecimal(value.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String text(@Nullable String value) {
        return value == null ? "" : value;
    }

    private static Locale locale() {
        UI ui = UI.getCurrent();
        return ui != null ? ui.getLocale() : Locale.ROOT;
    }
}
