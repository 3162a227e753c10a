package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.Money;
import com.gpuquote.pricing.agreement.AgreementRule;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * One recorded waterfall step: the unit price after the step (scale 4), the agreement rule applied (null
 * when none, and for LIST/MANUAL), the percent applied (null for LIST, FIXED_PRICE and "none") and a
 * language-neutral detail such as {@code "PERCENT_OFF family=H100 10%"} or {@code "none"}.
 */
public record WaterfallStep(PriceStep step, BigDecimal unitPrice, @Nullable AgreementRule appliedRule,
                            @Nullable BigDecimal percent,
                            String detail) {

    public static final String NONE = "none";

    public WaterfallStep {
        unitPrice = Money.unit(unitPrice);
    }

    /** True when this step changed nothing (no rule / zero percent). */
    public boolean isNone() {
        return NONE.equals(detail);
    }
}
