package com.gpuquote.quote.pricing;

import java.math.BigDecimal;
import java.util.List;

/**
 * Admin-only margin of an option over its instance lines (service lines carry no cost and are excluded).
 * {@code complete} is false when some line has no cost; then the sums are null.
 * Issue 16: {@code rebateAmount} (返点 over the term, Σ line rebates) is included in {@code marginAmount};
 * {@code voucherTotal} (provider-funded 代金券) lowers both the revenue and {@code costTermAmount} by the same amount,
 * so it leaves {@code marginAmount} unchanged (cost never below 0); {@code marginPercent} is on price
 * ({@code commercial.Margin}): of the line revenue net of vouchers, never over 100.
 */
public record OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount,
                           BigDecimal marginAmount, BigDecimal marginPercent, BigDecimal rebatePercent,
                           BigDecimal rebateAmount, BigDecimal voucherTotal) {

    public OptionMargin {
        lines = List.copyOf(lines);
    }

    public OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount,
                        BigDecimal marginAmount, BigDecimal marginPercent) {
        this(lines, complete, costTermAmount, marginAmount, marginPercent, null, null, null);
    }
}
