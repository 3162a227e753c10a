package com.gpuquote.security;

public enum Role {
    PLATFORM_ADMIN, TENANT_ADMIN, CONSULTANT, CUSTOMER;

    /** Roles a tenant admin may hand out inside a tenant. */
    public static final java.util.Set<Role> TENANT_ROLES = java.util.EnumSet.of(TENANT_ADMIN, CONSULTANT);

    public String authority() {
        return "ROLE_" + name();
    }
}
