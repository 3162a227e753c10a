package com.gpuquote.customer;

import java.util.Objects;
import java.util.UUID;

public record CustomerId(UUID value) {
    public CustomerId {
        Objects.requireNonNull(value, "customer id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
