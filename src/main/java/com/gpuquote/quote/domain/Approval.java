package com.gpuquote.quote.domain;

import java.time.Instant;
import com.gpuquote.security.UserId;

/** A tenant admin's approval of a quote that had lines below the margin floor. */
public record Approval(UserId approverId, String comment, Instant approvedAt) {
}
