package com.gpuquote.pricing.ui;

import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListStatus;
import com.gpuquote.pricing.PriceRow;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.ui.Formats;
import com.vaadin.flow.component.Component;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Locale;

/** Small display helpers shared by the pricing views. */
final class PricingFormat {
    private PricingFormat() {
    }

    /** DRAFT, IN_FORCE, SCHEDULED, ENDED or ARCHIVED as the admin thinks of it. */
    static String state(PriceList list, Instant now) {
        if (list.status() == PriceListStatus.DRAFT) {
            return "DRAFT";
        }
        if (list.status() == PriceListStatus.ARCHIVED) {
            return "ARCHIVED";
        }
        return list.inForceAt(now) ? "IN_FORCE" : list.scheduledAfter(now) ? "SCHEDULED" : "ENDED";
    }

    static String stateLabel(Component c, PriceList list, Instant now) {
        return c.getTranslation("pricing.state." + state(list, now));
    }

    static String window(PriceList list) {
        if (list.effectiveFrom() == null) {
            return "";
        }
        return Formats.dateTime(list.effectiveFrom()) + " – " + (list.effectiveTo() == null ? "∞" : Formats.dateTime(list.effectiveTo()));
    }

    /** A row's price with currency and its billing mode's unit: {@code ¥12.80 / 小时}, {@code ¥80,000.00 / 年}. */
    static String price(PriceRow row, BigDecimal value, Locale locale) {
        return DisplayFormat.unitPrice(value, row.currency(), DisplayFormat.Per.ofBillingMode(row.billingMode()),
                locale);
    }

    static String percent(BigDecimal percent) {
        return percent == null ? "—" : (percent.signum() > 0 ? "+" : "") + percent.toPlainString() + " %";
    }
}
