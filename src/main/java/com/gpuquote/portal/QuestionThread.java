package com.gpuquote.portal;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A customer's question about a quote and the consultants' answers, for the in-app inbox. */
public record QuestionThread(UUID id, UUID quoteId, String quoteNumber, String customerName, String text,
                             Instant askedAt, Instant answeredAt, List<PortalQuote.Answer> answers) {

    /** {@link #id()} as a typed id, for {@link PortalInbox#answer}. */
    public QuestionId questionId() {
        return new QuestionId(id);
    }
}
