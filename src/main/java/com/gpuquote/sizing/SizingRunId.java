package com.gpuquote.sizing;

import java.util.Objects;
import java.util.UUID;

/** Id of a sizing run saved on a project ({@link SizingRun}); a quote line refers to it by this id (ADR 1409). */
public record SizingRunId(UUID value) {
    public SizingRunId {
        Objects.requireNonNull(value, "sizing run id");
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
