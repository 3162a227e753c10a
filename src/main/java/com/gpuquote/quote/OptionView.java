package com.gpuquote.quote;

import com.gpuquote.quote.domain.QuoteOption;
import java.util.List;

/** A priced option as consultants and customers may see it: no cost or margin anywhere. */
public record OptionView(QuoteOptionId id, OptionName name, List<LineView> lines, List<ServiceLine> services,
                         OptionTotals totals, List<ModeComparison> billingModeComparison, String title,
                         String summary) {

    public OptionView(QuoteOptionId id, OptionName name, List<LineView> lines, List<ServiceLine> services, OptionTotals totals,
                      List<ModeComparison> billingModeComparison) {
        this(id, name, lines, services, totals, billingModeComparison, null, null);
    }

    /** "A" or "A · 经济型 8 × L20". */
    public String label() {
        return QuoteOption.label(name, title);
    }

    public OptionView {
        lines = List.copyOf(lines);
        services = List.copyOf(services);
        billingModeComparison = List.copyOf(billingModeComparison);
    }

    public boolean anyBelowFloor() {
        return lines.stream().anyMatch(LineView::belowFloor);
    }
}
