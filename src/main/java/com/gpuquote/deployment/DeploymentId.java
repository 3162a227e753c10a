package com.gpuquote.deployment;

import java.util.Objects;
import java.util.UUID;

public record DeploymentId(UUID value) {
    public DeploymentId {
        Objects.requireNonNull(value, "value");
    }

    public static DeploymentId random() {
        return new DeploymentId(UUID.randomUUID());
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
