package com.gpuquote.quote;

import java.math.BigDecimal;

/**
 * Totals of an option (amounts scale 2, tax-exclusive unless named otherwise):
 * monthlyNet = Σ line monthly + monthly services; termNet = Σ line term + monthly services × termMonths
 * (the option's longest line term); subtotal = termNet + oneTime; vat = subtotal × rate; grandTotal =
 * subtotal + vat; discountTotal = listTermNet − termNet.
 */
public record OptionTotals(BigDecimal monthlyNet, int termMonths, BigDecimal termNet, BigDecimal oneTime,
                           BigDecimal subtotal, BigDecimal vatRate, BigDecimal vat, BigDecimal grandTotal,
                           BigDecimal listTermNet, BigDecimal discountTotal) {
}
