package com.gpuquote.user;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;

import java.time.Instant;
import java.util.Set;

public record UserAccount(UserId id, String email, String displayName, Set<Role> roles, boolean enabled,
                          Instant lockedUntil, Instant lastLoginAt, Instant createdAt, int version) {
    /** Locked at {@code now} (the caller's clock). */
    public boolean lockedAt(Instant now) {
        return lockedUntil != null && lockedUntil.isAfter(now);
    }
}
