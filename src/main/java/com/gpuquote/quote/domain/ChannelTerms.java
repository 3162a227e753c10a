package com.gpuquote.quote.domain;

import com.gpuquote.quote.Voucher;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Channel economics of one option (issue 16; docs/decisions/1602-channel-economics.md).
 * <ul>
 *   <li>{@code vouchers}: provider vouchers (代金券), CNY amounts credited on the customer's bill. They lower what the
 *   customer pays (a named step after the subtotal; VAT is charged on the net after vouchers because in Chinese
 *   practice a 代金券 reduces the amount invoiced) and, being provider-funded, lower the reseller's cost by the same
 *   amount: the margin amount is unchanged and the per-line floor check ignores them.</li>
 *   <li>{@code rebatePercent}: the reseller rebate (返点), a percent of the provider list price over the term that the
 *   provider pays back to the reseller. Reseller income, never shown to the customer (not in the PDF, the portal or
 *   the consultant's option totals); it raises the margin and the floor check counts it: a line is below floor when
 *   net &lt; (cost − list × rebate%) × (1 + floor). Issue 39: a rebate belongs to one provider and applies only to
 *   that provider's lines ({@code providerRebates}).</li>
 * </ul>
 */
public record ChannelTerms(List<Voucher> vouchers, BigDecimal rebatePercent, Map<String, BigDecimal> providerRebates) {

    public static final ChannelTerms NONE = new ChannelTerms(List.of(), BigDecimal.ZERO);
    public static final BigDecimal MAX_REBATE_PERCENT = BigDecimal.valueOf(50);

    /**
     * Issue 39: {@code providerRebates} (provider code → percent) is each provider's rebate on this option's lines of
     * that provider; a line of a provider not in it earns none. Empty (snapshots and options priced before, options
     * built in memory): every line earns {@code rebatePercent}, as before. When it is given, {@code rebatePercent} is
     * its common value if all providers share one, else 0 (for display only; see {@link #uniformRebate()}).
     */
    public ChannelTerms {
        vouchers = vouchers == null ? List.of() : List.copyOf(vouchers);
        providerRebates = providerRebates == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(providerRebates));
        if (!providerRebates.isEmpty()) {
            java.util.Set<BigDecimal> distinct = new java.util.TreeSet<>(providerRebates.values());
            rebatePercent = distinct.size() == 1 ? distinct.iterator().next() : BigDecimal.ZERO;
        }
        rebatePercent = rebatePercent == null ? BigDecimal.ZERO : rebatePercent;
    }

    /** One rebate for every line (before issue 39, and options built in memory). */
    public ChannelTerms(List<Voucher> vouchers, BigDecimal rebatePercent) {
        this(vouchers, rebatePercent, Map.of());
    }

    /** The rebate a line of {@code provider} (a provider code; null when unknown) earns on this option. */
    public BigDecimal rebateFor(@Nullable String provider) {
        if (providerRebates.isEmpty()) {
            return rebatePercent;
        }
        BigDecimal r = provider == null ? null : providerRebates.get(provider);
        return r == null ? BigDecimal.ZERO : r;
    }

    /** The one rebate every line earns, or empty when the option's providers have different ones. */
    public java.util.Optional<BigDecimal> uniformRebate() {
        if (providerRebates.isEmpty()) {
            return java.util.Optional.of(rebatePercent);
        }
        return new java.util.TreeSet<>(providerRebates.values()).size() == 1
                ? java.util.Optional.of(providerRebates.values().iterator().next()) : java.util.Optional.empty();
    }

    /** A rebate percent this option may carry: 0 to {@link #MAX_REBATE_PERCENT} with at most 2 decimals. */
    public static boolean isValidRebate(@Nullable BigDecimal percent) {
        return percent != null && percent.signum() >= 0 && percent.compareTo(MAX_REBATE_PERCENT) <= 0
                && percent.stripTrailingZeros().scale() <= 2;
    }

    public boolean hasRebate() {
        return rebatePercent.signum() > 0 || providerRebates.values().stream().anyMatch(r -> r.signum() > 0);
    }

    /** These terms with other vouchers, the rebates as they are. */
    public ChannelTerms withVouchers(List<Voucher> newVouchers) {
        return new ChannelTerms(newVouchers, rebatePercent, providerRebates);
    }
}
