package com.gpuquote.quote;

import java.math.BigDecimal;
import java.util.List;

/**
 * Admin-only margin of an option over its instance lines (service lines carry no cost and are excluded).
 * {@code complete} is false when some line has no cost; then the sums are null.
 */
public record OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount,
                           BigDecimal marginAmount, BigDecimal marginPercent) {

    public OptionMargin {
        lines = List.copyOf(lines);
    }
}
