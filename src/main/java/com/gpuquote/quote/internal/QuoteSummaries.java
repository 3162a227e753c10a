package com.gpuquote.quote.internal;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.UserId;

import java.math.BigDecimal;
import java.time.LocalDate;

/** A quote row as the lists show it: one place for the effective status and the amount of the priced snapshot. */
public final class QuoteSummaries {

    private QuoteSummaries() {
    }

    public static QuoteSummary of(QuoteRow r, LocalDate today) {
        // the lowest and highest grand total over the snapshot's options, computed by the list query
        BigDecimal from = r.amountFrom();
        BigDecimal to = r.amountTo();
        return new QuoteSummary(new QuoteId(r.id()), r.number(), r.version(),
                QuoteStatus.valueOf(r.status()).effectiveOn(r.validUntil(), today), r.validUntil(),
                new ProjectId(r.projectId()), r.projectName(), new CustomerId(r.customerId()), r.customerName(),
                new UserId(r.authorId()), r.authorName(), r.createdAt(), r.updatedAt(), r.sentAt(), r.rowVersion(),
                from, to);
    }
}
