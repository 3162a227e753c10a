package com.gpuquote.customer;

import java.util.Objects;
import java.util.UUID;

public record ProjectId(UUID value) {
    public ProjectId {
        Objects.requireNonNull(value, "project id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
