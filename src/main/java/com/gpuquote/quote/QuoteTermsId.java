package com.gpuquote.quote;

import java.util.Objects;
import java.util.UUID;

/** Id of one set of commercial terms (payment, delivery, SLA, validity) of a tenant. */
public record QuoteTermsId(UUID value) {
    public QuoteTermsId {
        Objects.requireNonNull(value, "quote terms id");
    }

    /** A fresh random id. */
    public static QuoteTermsId random() {
        return new QuoteTermsId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
