package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one instance line or service line of a quote option (a revision gives every line a new id). */
public record QuoteLineId(UUID value) {
    public QuoteLineId {
        Objects.requireNonNull(value, "quote line id");
    }

    /** A fresh id, time-ordered ({@link com.gpuquote.shared.TimeOrderedUuid}: lines are written 100 at a time). */
    public static QuoteLineId random() {
        return new QuoteLineId(com.gpuquote.shared.TimeOrderedUuid.next());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
