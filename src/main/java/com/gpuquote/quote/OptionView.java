package com.gpuquote.quote;

import java.util.List;
import java.util.UUID;

/** A priced option as consultants and customers may see it: no cost or margin anywhere. */
public record OptionView(UUID id, OptionName name, List<LineView> lines, List<ServiceLine> services,
                         OptionTotals totals, List<ModeComparison> billingModeComparison) {

    public OptionView {
        lines = List.copyOf(lines);
        services = List.copyOf(services);
        billingModeComparison = List.copyOf(billingModeComparison);
    }

    public boolean anyBelowFloor() {
        return lines.stream().anyMatch(LineView::belowFloor);
    }
}
