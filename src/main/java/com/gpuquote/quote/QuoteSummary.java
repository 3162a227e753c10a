package com.gpuquote.quote;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.security.UserId;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/** A row of a quote list. {@code status} is the effective status (EXPIRED computed on read). */
public record QuoteSummary(QuoteId id, String number, int version, QuoteStatus status, LocalDate validUntil,
                           ProjectId projectId, String projectName, CustomerId customerId, String customerName,
                           UserId authorId, String authorName, Instant createdAt, Instant updatedAt,
                           Instant sentAt, int rowVersion, @Nullable BigDecimal amountFrom,
                           @Nullable BigDecimal amountTo) {

    /**
     * {@code amountFrom}/{@code amountTo}: the lowest and highest grand total (with VAT) over the options of the
     * pricing snapshot taken at submit; null for a DRAFT, which is priced when it is opened.
     */
    public QuoteSummary(QuoteId id, String number, int version, QuoteStatus status, LocalDate validUntil,
                        ProjectId projectId, String projectName, CustomerId customerId, String customerName,
                        UserId authorId, String authorName, Instant createdAt, Instant updatedAt, Instant sentAt,
                        int rowVersion) {
        this(id, number, version, status, validUntil, projectId, projectName, customerId, customerName, authorId,
                authorName, createdAt, updatedAt, sentAt, rowVersion, null, null);
    }
}
