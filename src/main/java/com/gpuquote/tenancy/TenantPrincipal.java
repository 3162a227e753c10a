package com.gpuquote.tenancy;

import java.util.Optional;

/** What the database session needs to know about the authenticated principal. */
public interface TenantPrincipal {

    /** Empty for platform administrators, who belong to no tenant. */
    Optional<TenantId> tenantId();

    boolean platformAdmin();
}
