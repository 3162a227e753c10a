package com.gpuquote.quote;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.security.UserId;

import java.time.Instant;
import java.time.LocalDate;

/** A row of a quote list. {@code status} is the effective status (EXPIRED computed on read). */
public record QuoteSummary(QuoteId id, String number, int version, QuoteStatus status, LocalDate validUntil,
                           ProjectId projectId, String projectName, CustomerId customerId, String customerName,
                           UserId authorId, String authorName, Instant createdAt, Instant updatedAt,
                           Instant sentAt, int rowVersion) {
}
