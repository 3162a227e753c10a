package com.gpuquote.user;

import com.gpuquote.security.Role;

import java.time.Instant;
import java.util.Set;

public record Invitation(InvitationId id, String email, String displayName, Set<Role> roles, Instant createdAt,
                         Instant expiresAt, Instant acceptedAt, Instant revokedAt) {
    public boolean pending(Instant now) {
        return acceptedAt == null && revokedAt == null && expiresAt.isAfter(now);
    }
}
