package com.gpuquote.quote;

import org.jspecify.annotations.Nullable;

/**
 * A quote just sent, with the customer's portal URL ({@code null} when no portal is installed). The URL carries the
 * raw token: this is the only time it is shown. Never log it. {@code mailedTo}: the customer address the link was
 * mailed to (null: no contact with an email); {@code smtpConfigured}: false when mail only lands in the outbox, so
 * the sender must pass the link on themselves.
 */
public record SentQuote(QuoteDetails quote, String portalUrl, @Nullable String mailedTo, boolean smtpConfigured) {

    public SentQuote(QuoteDetails quote, String portalUrl) {
        this(quote, portalUrl, null, false);
    }

    /** The customer really got a mail with the link (as far as we know at send time). */
    public boolean mailed() {
        return mailedTo != null && smtpConfigured;
    }

    @Override
    public String toString() {
        return "SentQuote[" + quote.id() + "]";
    }
}
