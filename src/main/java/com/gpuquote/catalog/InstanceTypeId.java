package com.gpuquote.catalog;

import java.util.Objects;
import java.util.UUID;

public record InstanceTypeId(UUID value) {
    public InstanceTypeId {
        Objects.requireNonNull(value, "value");
    }
}
