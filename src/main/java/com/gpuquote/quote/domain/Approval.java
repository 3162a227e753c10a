package com.gpuquote.quote.domain;

import java.time.Instant;
import java.util.UUID;

/** A tenant admin's approval of a quote that had lines below the margin floor. */
public record Approval(UUID approverId, String comment, Instant approvedAt) {
}
