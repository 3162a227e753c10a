package com.gpuquote.quote;

import com.gpuquote.sizing.SizingRunId;
import org.jspecify.annotations.Nullable;

/**
 * Why a line is there ("Add from sizing"): the saved sizing run of the project and/or the candidate JSON of the
 * recommendation it came from, kept verbatim with the line. Both optional. {@code candidateJson} is the sizing
 * hand-over: read and written only through {@link com.gpuquote.sizing.SizingHandoverCodec} (ADR 1406). The REST API
 * keeps the run as a plain UUID string field {@code sizingRunId}; it converts at the edge (ADR 1409).
 */
public record SizingRef(@Nullable SizingRunId sizingRunId, @Nullable String candidateJson) {

    public boolean isEmpty() {
        return sizingRunId == null && (candidateJson == null || candidateJson.isBlank());
    }
}
