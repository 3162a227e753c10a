package com.gpuquote.security;

import java.util.Objects;
import java.util.UUID;

public record UserId(UUID value) {
    public UserId {
        Objects.requireNonNull(value, "user id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
