package com.gpuquote.quote;

import java.math.BigDecimal;
import java.util.List;

/**
 * Totals of an option (amounts scale 2, tax-exclusive unless named otherwise):
 * monthlyNet = Σ line monthly + monthly services; termNet = Σ line term + monthly services × termMonths
 * (the option's longest line term); subtotal = termNet + oneTime; vouchers: the provider vouchers (代金券), each a
 * named step with its amount, voucherTotal their sum; netAfterVouchers = subtotal − voucherTotal (the amount
 * invoiced); vat = netAfterVouchers × rate (a 代金券 reduces the invoiced amount, so VAT is on the net after
 * vouchers); grandTotal = netAfterVouchers + vat; discountTotal = listTermNet − termNet (price discounts only).
 * The reseller rebate (返点) is never part of these totals (see {@link ChannelTerms}).
 */
public record OptionTotals(BigDecimal monthlyNet, int termMonths, BigDecimal termNet, BigDecimal oneTime,
                           BigDecimal subtotal, BigDecimal vatRate, BigDecimal vat, BigDecimal grandTotal,
                           BigDecimal listTermNet, BigDecimal discountTotal, List<Voucher> vouchers,
                           BigDecimal voucherTotal, BigDecimal netAfterVouchers) {

    public OptionTotals {
        vouchers = vouchers == null ? List.of() : List.copyOf(vouchers);
        voucherTotal = voucherTotal == null ? com.gpuquote.commercial.Money.zeroAmount() : voucherTotal;
        netAfterVouchers = netAfterVouchers == null && subtotal != null ? subtotal.subtract(voucherTotal)
                : netAfterVouchers;
    }

    /** Without vouchers (and for snapshots stored before issue 16). */
    public OptionTotals(BigDecimal monthlyNet, int termMonths, BigDecimal termNet, BigDecimal oneTime,
                        BigDecimal subtotal, BigDecimal vatRate, BigDecimal vat, BigDecimal grandTotal,
                        BigDecimal listTermNet, BigDecimal discountTotal) {
        this(monthlyNet, termMonths, termNet, oneTime, subtotal, vatRate, vat, grandTotal, listTermNet, discountTotal,
                List.of(), null, null);
    }

    /**
     * A net above list (a fixed agreement price over the list price) is a surcharge: documents and screens say so
     * with the positive amount, never a negative discount. {@code discountTotal} stays signed in the API.
     */
    public boolean isSurcharge() {
        return discountTotal != null && discountTotal.signum() < 0;
    }

    public boolean hasVouchers() {
        return !vouchers.isEmpty();
    }
}
