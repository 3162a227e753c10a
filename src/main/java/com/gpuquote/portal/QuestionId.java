package com.gpuquote.portal;

import java.util.Objects;
import java.util.UUID;

/** Id of a customer's question on the portal (the thread's first message). */
public record QuestionId(UUID value) {
    public QuestionId {
        Objects.requireNonNull(value, "question id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
