package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * Everything the waterfall of one line needs. {@code optionTotalGpus} is Σ quantity × GPUs per instance over
 * all instance lines of the option; {@code manualDiscountPercent} is ignored in recommendation mode.
 * {@code contractUnitPrice} (issue 39, ADR 3906): a renewal line's contracted net unit price, or null.
 */
public record WaterfallInput(InstanceFacts instance, String region, BillingMode billingMode,
                             BigDecimal listUnitPrice, int termMonths, int optionTotalGpus,
                             BigDecimal manualDiscountPercent,
                             @Nullable BigDecimal contractUnitPrice) {

    public WaterfallInput {
        manualDiscountPercent = manualDiscountPercent == null ? BigDecimal.ZERO : manualDiscountPercent;
    }

    /** A line without a contracted unit price (every line but a renewal's). */
    public WaterfallInput(InstanceFacts instance, String region, BillingMode billingMode, BigDecimal listUnitPrice,
                          int termMonths, int optionTotalGpus, BigDecimal manualDiscountPercent) {
        this(instance, region, billingMode, listUnitPrice, termMonths, optionTotalGpus, manualDiscountPercent, null);
    }
}
