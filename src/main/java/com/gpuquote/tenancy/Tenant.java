package com.gpuquote.tenancy;

import java.math.BigDecimal;
import java.time.Instant;

public record Tenant(TenantId id, String slug, String name, TenantStatus status, String locale, String currency,
                     BigDecimal vatRate, BigDecimal marginFloorPct, Instant createdAt, int version) {
    public boolean active() {
        return status == TenantStatus.ACTIVE;
    }
}
