package com.gpuquote.quote;

import java.util.UUID;

/**
 * Why a line is there ("Add from sizing"): the saved sizing run of the project and/or the candidate JSON of the
 * recommendation it came from, kept verbatim with the line. Both optional. {@code candidateJson} is the sizing
 * hand-over: read and written only through {@link com.gpuquote.sizing.SizingHandoverCodec} (ADR 1406).
 */
public record SizingRef(UUID sizingRunId, String candidateJson) {

    public boolean isEmpty() {
        return sizingRunId == null && (candidateJson == null || candidateJson.isBlank());
    }
}
