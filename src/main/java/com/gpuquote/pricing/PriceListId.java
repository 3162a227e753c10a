package com.gpuquote.pricing;

import java.util.Objects;
import java.util.UUID;

public record PriceListId(UUID value) {
    public PriceListId {
        Objects.requireNonNull(value, "value");
    }

    public static PriceListId parse(String s) {
        return new PriceListId(UUID.fromString(s));
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
