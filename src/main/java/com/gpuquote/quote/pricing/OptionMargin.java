package com.gpuquote.quote.pricing;

import java.math.BigDecimal;
import java.util.List;

/**
 * Admin-only margin of an option over its instance lines (service lines carry no cost and are excluded).
 * {@code complete} is false when some line has no cost; then the sums are null.
 * Issue 16: {@code rebateAmount} (返点 over the term, Σ line rebates) is included in {@code marginAmount};
 * {@code voucherTotal} (provider-funded 代金券) lowers both the revenue and {@code costTermAmount} by the same amount,
 * so it leaves {@code marginAmount} unchanged (cost never below 0); {@code marginPercent} is on price
 * ({@code commercial.Margin}): of the line revenue net of vouchers, never over 100. Issue 39: {@code rebatePercent}
 * is the one rebate all lines earn (null when the option's providers earn different ones), {@code providerRebates}
 * each provider's (empty in snapshots from before).
 */
public record OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount,
                           BigDecimal marginAmount, BigDecimal marginPercent, BigDecimal rebatePercent,
                           BigDecimal rebateAmount, BigDecimal voucherTotal,
                           java.util.Map<String, BigDecimal> providerRebates) {

    public OptionMargin {
        lines = List.copyOf(lines);
        providerRebates = providerRebates == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(providerRebates));
    }

    public OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount, BigDecimal marginAmount,
                        BigDecimal marginPercent, BigDecimal rebatePercent, BigDecimal rebateAmount,
                        BigDecimal voucherTotal) {
        this(lines, complete, costTermAmount, marginAmount, marginPercent, rebatePercent, rebateAmount, voucherTotal,
                null);
    }

    public OptionMargin(List<LineMargin> lines, boolean complete, BigDecimal costTermAmount,
                        BigDecimal marginAmount, BigDecimal marginPercent) {
        this(lines, complete, costTermAmount, marginAmount, marginPercent, null, null, null);
    }
}
