package com.gpuquote.pricing.agreement;

import java.util.Objects;
import java.util.UUID;

public record AgreementId(UUID value) {
    public AgreementId {
        Objects.requireNonNull(value, "agreement id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
