package com.gpuquote.quote;

/**
 * A quote just sent, with the customer's portal URL ({@code null} when no portal is installed). The URL carries the
 * raw token: this is the only time it is shown. Never log it.
 */
public record SentQuote(QuoteDetails quote, String portalUrl) {
    @Override
    public String toString() {
        return "SentQuote[" + quote.id() + "]";
    }
}
