package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one version of a quote (every version has its own id; they share the number). */
public record QuoteId(UUID value) {
    public QuoteId {
        Objects.requireNonNull(value, "quote id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
