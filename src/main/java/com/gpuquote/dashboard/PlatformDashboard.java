package com.gpuquote.dashboard;

import org.jspecify.annotations.Nullable;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantStatus;

import java.time.Instant;
import java.util.List;

/**
 * What a platform administrator sees of the tenants: counts and dates only, never quote contents, customers or
 * prices (ADR 1750).
 */
public record PlatformDashboard(List<TenantRow> tenants, int totalUsers, int totalQuotes) {

    /**
     * @param lastActivity the latest of a user's sign-in and a change to one of the tenant's quotes (null: none yet)
     */
    public record TenantRow(TenantId tenantId, String slug, String name, TenantStatus status, Instant createdAt,
                            int users, int enabledUsers, int quotes, Instant lastLogin, Instant lastQuoteChange,
                            @Nullable Instant lastActivity) {
    }
}
