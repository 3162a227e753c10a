package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;

/**
 * Everything the waterfall of one line needs. {@code optionTotalGpus} is Σ quantity × GPUs per instance over
 * all instance lines of the option; {@code manualDiscountPercent} is ignored in recommendation mode.
 */
public record WaterfallInput(InstanceFacts instance, String region, BillingMode billingMode,
                             BigDecimal listUnitPrice, int termMonths, int optionTotalGpus,
                             BigDecimal manualDiscountPercent) {

    public WaterfallInput {
        manualDiscountPercent = manualDiscountPercent == null ? BigDecimal.ZERO : manualDiscountPercent;
    }
}
