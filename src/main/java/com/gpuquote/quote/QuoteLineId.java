package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one instance line or service line of a quote option (a revision gives every line a new id). */
public record QuoteLineId(UUID value) {
    public QuoteLineId {
        Objects.requireNonNull(value, "quote line id");
    }

    /** A fresh random id. */
    public static QuoteLineId random() {
        return new QuoteLineId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
