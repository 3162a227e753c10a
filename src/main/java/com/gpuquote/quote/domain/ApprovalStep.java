package com.gpuquote.quote.domain;

import org.jspecify.annotations.Nullable;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;

import java.time.Instant;

/**
 * One step of a quote's approval chain: taken by someone with {@code role}; {@code approverId}, name, comment and
 * {@code decidedAt} are null while it waits. {@link #status()}: APPROVED or PENDING.
 */
public record ApprovalStep(int step, Role role, @Nullable UserId approverId, @Nullable String approverName,
                           @Nullable String comment, @Nullable Instant decidedAt) {

    public String status() {
        return decidedAt == null ? "PENDING" : "APPROVED";
    }
}
