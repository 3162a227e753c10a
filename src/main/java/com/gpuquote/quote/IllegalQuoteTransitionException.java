package com.gpuquote.quote;

/** A status change the quote's state machine does not allow (maps to 409). */
public class IllegalQuoteTransitionException extends RuntimeException {

    private final QuoteStatus from;
    private final QuoteStatus to;

    public IllegalQuoteTransitionException(QuoteStatus from, QuoteStatus to) {
        this(from, to, "Quote cannot move from " + from + " to " + to);
    }

    public IllegalQuoteTransitionException(QuoteStatus from, QuoteStatus to, String message) {
        super(message);
        this.from = from;
        this.to = to;
    }

    public QuoteStatus from() {
        return from;
    }

    public QuoteStatus to() {
        return to;
    }
}
