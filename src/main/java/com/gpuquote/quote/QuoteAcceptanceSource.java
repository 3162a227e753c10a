package com.gpuquote.quote;

import java.time.Instant;
import java.util.Optional;

/**
 * Where the customer's acceptance of a quote is recorded (the portal implements it; ADR 0005's shape), so the quote
 * editor can say which option was accepted, by whom and when without {@code quote} depending on the portal.
 * Called inside a tenant transaction of {@link QuoteService}.
 */
public interface QuoteAcceptanceSource {

    Optional<AcceptedOption> acceptance(QuoteId id);

    /** The option the customer accepted, the signer and the time. */
    record AcceptedOption(String optionName, String signerName, String signerEmail, Instant acceptedAt) {
    }
}
