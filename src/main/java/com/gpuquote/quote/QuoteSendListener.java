package com.gpuquote.quote;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Told inside the sending transaction that a quote went APPROVED → SENT, so another feature can act on it without
 * {@code quote} depending on that feature (the portal implements it and issues the customer's link; ADR 0005's
 * shape). A failure rolls the send back.
 */
public interface QuoteSendListener {

    /** @return the customer's portal URL to show the sender once, if this listener issued one */
    Optional<String> quoteSent(QuoteId id);

    /**
     * {@link #quoteSent} with whom the link was mailed to ({@code mailedTo} null: the customer has no contact with
     * an email, so nobody was mailed). Listeners that mail override this.
     */
    default Optional<Issued> issue(QuoteId id) {
        return quoteSent(id).map(url -> new Issued(url, null));
    }

    /** The customer's link (raw token: never log it) and the address it was mailed to, if any. */
    record Issued(String portalUrl, @Nullable String mailedTo) {
        @Override
        public String toString() {
            return "Issued[" + mailedTo + "]";
        }
    }
}
