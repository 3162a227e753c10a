package com.gpuquote.quote.domain;

import java.util.List;

/** A quote (or one of its lines) failed validation or could not be priced; carries every error at once. */
public class InvalidQuoteException extends RuntimeException {

    private final List<QuoteError> errors;

    public InvalidQuoteException(List<QuoteError> errors) {
        super("Invalid quote: " + errors);
        this.errors = List.copyOf(errors);
    }

    public InvalidQuoteException(String field, String messageKey) {
        this(List.of(new QuoteError(field, messageKey)));
    }

    public List<QuoteError> errors() {
        return errors;
    }
}
