package com.gpuquote.quote;

import java.math.BigDecimal;

/**
 * The tenant's voucher policy (issue 39, ADR 3902): {@code consultantCapPercent} is the share of an option's subtotal
 * (percent, 0–100, 2 decimals) that its unconfirmed vouchers may reach without approval; 10 % unless the tenant set
 * another.
 */
public record VoucherPolicy(BigDecimal consultantCapPercent) {
}
