package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one saved option template of a tenant. */
public record QuoteTemplateId(UUID value) {
    public QuoteTemplateId {
        Objects.requireNonNull(value, "quote template id");
    }

    /** A fresh random id. */
    public static QuoteTemplateId random() {
        return new QuoteTemplateId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
