package com.gpuquote.quote;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.security.UserId;

import java.time.LocalDate;
import org.jspecify.annotations.Nullable;

/**
 * Filter of the quote list; null = no filter. {@code status} matches the stored status (EXPIRED also matches
 * SENT/VIEWED quotes past their validity); {@code from}/{@code to} bound the creation date (inclusive, calendar days in Asia/Shanghai);
 * {@code text} searches number, project and customer name. {@code latestOnly} hides superseded versions.
 */
public record QuoteSearch(@Nullable QuoteStatus status, @Nullable CustomerId customerId,
                          @Nullable UserId consultantId, @Nullable LocalDate from, @Nullable LocalDate to,
                          @Nullable String text, boolean latestOnly) {

    public static final QuoteSearch ALL = new QuoteSearch(null, null, null, null, null, null, false);

    public QuoteSearch(QuoteStatus status, CustomerId customerId, UserId consultantId, LocalDate from, LocalDate to,
                       String text) {
        this(status, customerId, consultantId, from, to, text, false);
    }
}
