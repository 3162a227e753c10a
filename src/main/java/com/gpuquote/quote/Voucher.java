package com.gpuquote.quote;

import com.gpuquote.commercial.Money;

import java.math.BigDecimal;

/**
 * A provider voucher (代金券) granted for an option, e.g. "火山引擎新客代金券" 5,000.00 CNY. See
 * {@link ChannelTerms} for how it counts.
 */
public record Voucher(String name, BigDecimal amount) {

    public static final int MAX_NAME = 200;

    public Voucher {
        name = name == null || name.isBlank() ? null : name.strip();
        amount = amount == null ? null : Money.amount(amount);
    }
}
