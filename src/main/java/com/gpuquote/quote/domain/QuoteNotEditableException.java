package com.gpuquote.quote.domain;

import com.gpuquote.quote.QuoteStatus;

/** Options, lines and validity can only be edited while the quote is a DRAFT (maps to 409). */
public class QuoteNotEditableException extends RuntimeException {

    private final QuoteStatus status;

    public QuoteNotEditableException(QuoteStatus status) {
        super("Quote is " + status + "; only DRAFT quotes can be edited");
        this.status = status;
    }

    public QuoteStatus status() {
        return status;
    }
}
