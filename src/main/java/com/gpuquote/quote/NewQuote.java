package com.gpuquote.quote;

import org.jspecify.annotations.Nullable;
import com.gpuquote.customer.ProjectId;

import java.time.LocalDate;
import java.util.List;

/** A new quote for a project; {@code validUntil} null = 30 days from today. Zero to four options. */
public record NewQuote(ProjectId projectId, @Nullable LocalDate validUntil, List<QuoteInput.Option> options) {
    public NewQuote {
        options = options == null ? List.of() : options;
    }
}
