package com.gpuquote.quote;

import com.gpuquote.quote.pricing.PricedOption;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A quote waiting for approval with the numbers an admin decides by, per option, from the snapshot taken on submit:
 * the net amount over the term, the discount against the list price, the margin, and how many lines are below the
 * margin floor. Tenant admins only (carries margins).
 */
public record ApprovalRequest(QuoteSummary quote, List<OptionFigures> options) {

    public ApprovalRequest {
        options = List.copyOf(options);
    }

    /**
     * {@code discountPercent} = (list − net) / list × 100 over the term (null when the list amount is 0);
     * {@code marginPercent} of the net amount of the instance lines (null when some line has no cost);
     * issue 39: {@code voucherTotal} the option's vouchers, {@code unconfirmedVoucherTotal} those not yet confirmed
     * with the provider and {@code vouchersOverCap} whether these are over the tenant's cap.
     */
    public record OptionFigures(String option, BigDecimal termNet, BigDecimal listTermNet,
                                @Nullable BigDecimal discountPercent, BigDecimal marginAmount,
                                @Nullable BigDecimal marginPercent, int linesBelowFloor, int lines,
                                BigDecimal voucherTotal, BigDecimal unconfirmedVoucherTotal, boolean vouchersOverCap) {

        /** Without vouchers (as before issue 39). */
        public OptionFigures(String option, BigDecimal termNet, BigDecimal listTermNet,
                             @Nullable BigDecimal discountPercent, BigDecimal marginAmount,
                             @Nullable BigDecimal marginPercent, int linesBelowFloor, int lines) {
            this(option, termNet, listTermNet, discountPercent, marginAmount, marginPercent, linesBelowFloor, lines,
                    BigDecimal.ZERO, BigDecimal.ZERO, false);
        }

        static OptionFigures of(PricedOption o) {
            OptionTotals t = o.view().totals();
            BigDecimal discount = t.listTermNet() == null || t.listTermNet().signum() == 0 ? null
                    : t.listTermNet().subtract(t.termNet()).multiply(BigDecimal.valueOf(100))
                    .divide(t.listTermNet(), 1, RoundingMode.HALF_UP);
            int below = (int) o.view().lines().stream().filter(LineView::belowFloor).count();
            return new OptionFigures(o.view().name().name(), t.termNet(), t.listTermNet(), discount,
                    o.margin().marginAmount(), o.margin().marginPercent(), below, o.view().lines().size(),
                    t.voucherTotal(), o.approval().unconfirmedVoucherTotal(), o.approval().vouchersOverCap());
        }
    }
}
