package com.gpuquote.quote.pricing;

import com.gpuquote.commercial.Money;
import java.math.BigDecimal;

/**
 * What an option's vouchers and margin mean for approval (issue 39, ADR 3902), taken when it is priced:
 * <ul>
 *   <li>{@code unconfirmedVoucherTotal} / {@code confirmedVoucherTotal}: the vouchers a tenant admin has not / has
 *   confirmed with the provider's reference (both within the option's subtotal, confirmed counted first);</li>
 *   <li>{@code voucherCapPercent}: the tenant's cap, percent of the option's subtotal a consultant may give as
 *   unconfirmed vouchers; {@code vouchersOverCap} when the unconfirmed vouchers are more than that;</li>
 *   <li>{@code marginBelowFloor}: the option's margin (the approver's: revenue after every voucher, cost after
 *   confirmed vouchers and the rebate, never below 0) is under the tenant's floor; false when some line has no
 *   cost;</li>
 *   <li>{@code belowCost}: that margin is negative: submitting needs a written justification and approving a second
 *   confirmation.</li>
 * </ul>
 * A snapshot taken before issue 39 reads as {@link #NONE} (nothing beyond its lines' floor flags).
 */
public record OptionApproval(BigDecimal unconfirmedVoucherTotal, BigDecimal confirmedVoucherTotal,
                             BigDecimal voucherCapPercent, boolean vouchersOverCap, boolean marginBelowFloor,
                             boolean belowCost) {

    public static final OptionApproval NONE = new OptionApproval(Money.zeroAmount(), Money.zeroAmount(),
            PricingPolicy.DEFAULT_VOUCHER_CAP_PERCENT, false, false, false);

    public OptionApproval {
        unconfirmedVoucherTotal = unconfirmedVoucherTotal == null ? Money.zeroAmount() : unconfirmedVoucherTotal;
        confirmedVoucherTotal = confirmedVoucherTotal == null ? Money.zeroAmount() : confirmedVoucherTotal;
        voucherCapPercent = voucherCapPercent == null ? PricingPolicy.DEFAULT_VOUCHER_CAP_PERCENT : voucherCapPercent;
    }

    /** Over the cap or under the floor as an option (its lines' own floor flags are the option view's). */
    public boolean needsApproval() {
        return vouchersOverCap || marginBelowFloor;
    }
}
