package com.gpuquote.quote;

import com.gpuquote.quote.pricing.ModeAvailability;
import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;

/**
 * One row of the billing-mode comparison: the option's configuration with every line switched to
 * {@code mode} (full waterfall, same quantities, terms, hours and manual discounts, same services).
 * Amount fields are null unless {@link #available()}.
 */
public record ModeComparison(BillingMode mode, ModeAvailability availability, BigDecimal monthlyNet,
                             BigDecimal termNet, BigDecimal grandTotal, boolean anyBelowFloor) {

    public boolean available() {
        return availability == ModeAvailability.AVAILABLE;
    }

    public static ModeComparison unavailable(BillingMode mode, ModeAvailability why) {
        return new ModeComparison(mode, why, null, null, null, false);
    }
}
