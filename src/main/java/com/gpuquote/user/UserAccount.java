package com.gpuquote.user;

import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;

import java.time.Instant;
import java.util.Set;

public record UserAccount(UserId id, String email, String displayName, Set<Role> roles, boolean enabled,
                          Instant lockedUntil, Instant lastLoginAt, Instant createdAt, int version) {
    public boolean locked() {
        return lockedUntil != null && lockedUntil.isAfter(Instant.now());
    }
}
