package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import java.util.UUID;

/** The recorded acceptance of a quote, as the reseller sees it; {@code invoice} is null when none was given. */
public record Acceptance(UUID quoteId, UUID optionId, String optionName, String signerName, String signerEmail,
                         Instant acceptedAt, String ip, String userAgent, String snapshotSha256,
                         @Nullable InvoiceDetails invoice) {
}
