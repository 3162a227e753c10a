package com.gpuquote.security;

import java.util.Objects;
import java.util.UUID;

/** The id of a personal API token (issue 14: typed ids in service signatures). */
public record ApiTokenId(UUID value) {
    public ApiTokenId {
        Objects.requireNonNull(value, "api token id");
    }

    public static ApiTokenId random() {
        return new ApiTokenId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
