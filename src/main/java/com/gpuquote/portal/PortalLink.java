package com.gpuquote.portal;

import java.time.Instant;
import java.util.UUID;

/** A portal link as the consultant sees it later (never the token). */
public record PortalLink(UUID id, Instant createdAt, Instant expiresAt, Instant revokedAt, Instant firstViewedAt) {
    public boolean active(Instant now) {
        return revokedAt == null && expiresAt.isAfter(now);
    }
}
