package com.gpuquote.quote;

import java.time.LocalDate;
import java.util.List;

/**
 * Replaces validity and all options of a DRAFT quote. {@code version} is the {@code rowVersion} read (optimistic
 * lock; a stale value answers 409). {@code validUntil} null keeps the current validity.
 */
public record QuoteUpdate(Integer version, LocalDate validUntil, List<QuoteInput.Option> options) {
    public QuoteUpdate {
        options = options == null ? List.of() : options;
    }
}
