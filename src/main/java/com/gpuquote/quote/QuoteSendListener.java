package com.gpuquote.quote;

import java.util.Optional;

/**
 * Told inside the sending transaction that a quote went APPROVED → SENT, so another feature can act on it without
 * {@code quote} depending on that feature (the portal implements it and issues the customer's link; ADR 0005's
 * shape). A failure rolls the send back.
 */
public interface QuoteSendListener {

    /** @return the customer's portal URL to show the sender once, if this listener issued one */
    Optional<String> quoteSent(QuoteId id);
}
