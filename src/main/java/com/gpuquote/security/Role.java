package com.gpuquote.security;

public enum Role {
    PLATFORM_ADMIN, TENANT_ADMIN, CONSULTANT, CUSTOMER,
    /** Reads the tenant's quotes and takes the approval steps the tenant's approval tiers give this role (issue 16). */
    APPROVER;

    /** Roles a tenant admin may hand out inside a tenant. */
    public static final java.util.Set<Role> TENANT_ROLES = java.util.EnumSet.of(TENANT_ADMIN, CONSULTANT, APPROVER);

    public String authority() {
        return "ROLE_" + name();
    }
}
