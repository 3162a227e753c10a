package com.gpuquote.tenancy;

import java.math.BigDecimal;
import java.time.Instant;

public record Tenant(TenantId id, String slug, String name, TenantStatus status, String locale, String currency,
                     BigDecimal vatRate, BigDecimal marginFloorPct, Instant createdAt, int version,
                     boolean showFloorPrice) {

    /**
     * {@code showFloorPrice}: consultants see the lowest unit price each quote line may have without approval
     * (off by default: the floor price lets one work out the cost).
     */
    public Tenant(TenantId id, String slug, String name, TenantStatus status, String locale, String currency,
                  BigDecimal vatRate, BigDecimal marginFloorPct, Instant createdAt, int version) {
        this(id, slug, name, status, locale, currency, vatRate, marginFloorPct, createdAt, version, false);
    }

    public boolean active() {
        return status == TenantStatus.ACTIVE;
    }
}
