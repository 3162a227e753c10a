package com.gpuquote.quote.pricing;

import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.domain.QuoteOption;
import java.time.LocalDate;
import java.util.List;

/**
 * The priced options of a quote as of {@code pricedOn}. Held by the quote from submit on and frozen when it
 * is sent (a snapshot later price-list changes do not touch).
 */
public record PricedQuote(LocalDate pricedOn, List<PricedOption> options) {

    public PricedQuote {
        options = List.copyOf(options);
    }

    public boolean anyBelowFloor() {
        return options.stream().anyMatch(PricedOption::anyBelowFloor);
    }

    /** Some option needs approval (issue 39: a line below floor, vouchers over the cap, the option under the floor). */
    public boolean needsApproval() {
        return options.stream().anyMatch(PricedOption::needsApproval);
    }

    /** Some option's margin is negative. */
    public boolean anyBelowCost() {
        return options.stream().anyMatch(PricedOption::belowCost);
    }

    public List<QuoteOption> sourceOptions() {
        return options.stream().map(PricedOption::source).toList();
    }

    public List<OptionView> consultantView() {
        return options.stream().map(PricedOption::consultantView).toList();
    }

    public List<AdminOptionView> adminView() {
        return options.stream().map(PricedOption::adminView).toList();
    }
}
