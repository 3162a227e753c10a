package com.gpuquote.quote.pricing;

import java.math.BigDecimal;
import java.util.List;

/** The recorded steps of one line's price waterfall. */
public record Waterfall(List<WaterfallStep> steps) {

    public Waterfall {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || steps.get(0).step() != PriceStep.LIST) {
            throw new IllegalArgumentException("a waterfall starts with LIST");
        }
    }

    public BigDecimal listUnitPrice() {
        return steps.get(0).unitPrice();
    }

    public BigDecimal netUnitPrice() {
        return steps.get(steps.size() - 1).unitPrice();
    }

    public WaterfallStep step(PriceStep step) {
        return steps.stream().filter(s -> s.step() == step).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no step " + step));
    }
}
