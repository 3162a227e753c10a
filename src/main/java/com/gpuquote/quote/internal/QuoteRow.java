package com.gpuquote.quote.internal;

import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** The header row of one quote version, with the names of project, customer, author and approver. */
public record QuoteRow(UUID id, String number, int version, String status, UUID projectId, String projectName,
                       UUID customerId, String customerName, UUID authorId, String authorName, LocalDate validUntil,
                       String pricingJson, LocalDate pricedOn, UUID agreementId, Instant submittedAt,
                       UUID approvedBy, String approverName, Instant approvedAt, String approvalComment,
                       Instant sentAt, UUID supersededBy, Instant createdAt, Instant updatedAt, int rowVersion,
                       java.math.BigDecimal amountFrom, java.math.BigDecimal amountTo) {
}
