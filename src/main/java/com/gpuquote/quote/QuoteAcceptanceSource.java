package com.gpuquote.quote;

import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where the customer's acceptance of a quote is recorded (the portal implements it; ADR 0005's shape), so the quote
 * editor can say which option was accepted, by whom and when without {@code quote} depending on the portal.
 * Called inside a tenant transaction of {@link QuoteQueries}.
 */
public interface QuoteAcceptanceSource {

    Optional<AcceptedOption> acceptance(QuoteId id);

    /** The same for server jobs (renewal reminders): the tenant given, a tenant transaction running. */
    default Optional<AcceptedOption> acceptance(com.gpuquote.tenancy.TenantId tenant, QuoteId id) {
        return Optional.empty();
    }

    /** The option the customer accepted, the signer and the time; the invoice details they gave (null when none). */
    record AcceptedOption(String optionName, String signerName, String signerEmail, Instant acceptedAt,
                          @Nullable Invoice invoice) {

        public AcceptedOption(String optionName, String signerName, String signerEmail, Instant acceptedAt) {
            this(optionName, signerName, signerEmail, acceptedAt, null);
        }
    }

    /**
     * The invoice details of an acceptance (issue 16): {@code type} SPECIAL (专票) or NORMAL (普票), the company name,
     * its tax id, and address, phone, bank and account (null when not given).
     */
    record Invoice(String type, String title, String taxId, @Nullable String address, @Nullable String phone,
                   @Nullable String bank, @Nullable String account) {
    }
}
