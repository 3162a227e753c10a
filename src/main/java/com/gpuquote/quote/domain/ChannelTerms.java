package com.gpuquote.quote.domain;

import com.gpuquote.quote.Voucher;
import java.math.BigDecimal;
import java.util.List;

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
 *   net &lt; (cost − list × rebate%) × (1 + floor).</li>
 * </ul>
 */
public record ChannelTerms(List<Voucher> vouchers, BigDecimal rebatePercent) {

    public static final ChannelTerms NONE = new ChannelTerms(List.of(), BigDecimal.ZERO);
    public static final BigDecimal MAX_REBATE_PERCENT = BigDecimal.valueOf(50);

    public ChannelTerms {
        vouchers = vouchers == null ? List.of() : List.copyOf(vouchers);
        rebatePercent = rebatePercent == null ? BigDecimal.ZERO : rebatePercent;
    }

    public boolean hasRebate() {
        return rebatePercent.signum() > 0;
    }
}
