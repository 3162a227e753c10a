package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one option (A–D) of one quote version (a revision gives every option a new id). */
public record QuoteOptionId(UUID value) {
    public QuoteOptionId {
        Objects.requireNonNull(value, "quote option id");
    }

    /** A fresh id, time-ordered ({@link com.gpuquote.shared.TimeOrderedUuid}). */
    public static QuoteOptionId random() {
        return new QuoteOptionId(com.gpuquote.shared.TimeOrderedUuid.next());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
