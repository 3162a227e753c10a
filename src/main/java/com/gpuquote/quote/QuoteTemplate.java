package com.gpuquote.quote;

import com.gpuquote.security.UserId;

import java.time.Instant;

/**
 * A reusable option (issue 16: "8 × A800 training node, monthly"): instance and service lines, and optionally the
 * option's title and summary, without line ids or sizing references. Applying it adds an option to a DRAFT quote,
 * priced there at the customer's prices of the day. Shared by the tenant's staff.
 */
public record QuoteTemplate(QuoteTemplateId id, String name, QuoteInput.Option option, UserId createdBy, String createdByName,
                            Instant createdAt) {
}
