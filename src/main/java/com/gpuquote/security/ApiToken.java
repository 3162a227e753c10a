package com.gpuquote.security;

import java.time.Instant;

public record ApiToken(ApiTokenId id, String name, Instant createdAt, Instant expiresAt, Instant lastUsedAt, Instant revokedAt) {
    public boolean active(Instant now) {
        return revokedAt == null && expiresAt.isAfter(now);
    }
}
