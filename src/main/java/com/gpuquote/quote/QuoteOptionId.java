package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one option (A–D) of one quote version (a revision gives every option a new id). */
public record QuoteOptionId(UUID value) {
    public QuoteOptionId {
        Objects.requireNonNull(value, "quote option id");
    }

    /** A fresh random id. */
    public static QuoteOptionId random() {
        return new QuoteOptionId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
