package com.gpuquote.quote.domain;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;

import java.time.Instant;

/**
 * One step of a quote's approval chain: taken by someone with {@code role}; {@code approverId}, name, comment and
 * {@code decidedAt} are null while it waits. {@link #status()}: APPROVED or PENDING.
 */
public record ApprovalStep(int step, Role role, UserId approverId, String approverName, String comment,
                           Instant decidedAt) {

    public String status() {
        return decidedAt == null ? "PENDING" : "APPROVED";
    }
}
