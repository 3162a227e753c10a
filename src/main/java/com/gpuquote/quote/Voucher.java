package com.gpuquote.quote;

import com.gpuquote.commercial.Money;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A provider voucher (代金券) granted for an option, e.g. "火山引擎新客代金券" 5,000.00 CNY. See
 * {@link com.gpuquote.quote.domain.ChannelTerms} for how it counts. Issue 39 (ADR 3902): {@code reference} is the
 * provider's voucher reference (optional until confirmed); {@code confirmedBy}/{@code confirmedAt} say which tenant
 * admin confirmed it with the provider and when. Unconfirmed, a voucher lowers the customer's price only; confirmed,
 * it lowers the reseller's cost as well.
 */
public record Voucher(String name, BigDecimal amount, @Nullable String reference, @Nullable UUID confirmedBy,
                      @Nullable Instant confirmedAt) {

    public static final int MAX_NAME = 200;
    public static final int MAX_REFERENCE = 200;

    public Voucher {
        name = name == null || name.isBlank() ? null : name.strip();
        amount = amount == null ? null : Money.amount(amount);
        reference = reference == null || reference.isBlank() ? null : reference.strip();
    }

    /** An unconfirmed voucher without reference. */
    public Voucher(String name, BigDecimal amount) {
        this(name, amount, null, null, null);
    }

    /** True once a tenant admin confirmed it with the provider's reference. */
    public boolean confirmed() {
        return confirmedAt != null;
    }

    /** This voucher confirmed by {@code admin} at {@code at} with {@code providerReference}. */
    public Voucher confirm(String providerReference, UUID admin, Instant at) {
        return new Voucher(name, amount, providerReference, admin, at);
    }

    /** The same name and amount (the customer's figures): a re-saved voucher keeps its confirmation. */
    public boolean sameGrant(Voucher other) {
        return other != null && java.util.Objects.equals(name, other.name)
                && amount != null && other.amount != null && amount.compareTo(other.amount) == 0;
    }
}
