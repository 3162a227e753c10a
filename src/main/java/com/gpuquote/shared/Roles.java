package com.gpuquote.shared;

/**
 * Role names and the access rules built from them, as compile-time constants for {@code @PreAuthorize} and
 * {@code @RolesAllowed} (annotations cannot take enum names). Spelled once here; {@code RolesTest} holds them equal
 * to the security feature's {@code Role}. They live in {@code shared} because every feature names them: the compiler
 * inlines them, so in the security package they made cycles (tenancy, audit and security naming each other) that
 * only the sources show (SourceDependenciesTest).
 */
public final class Roles {

    public static final String PLATFORM_ADMIN = "PLATFORM_ADMIN";
    public static final String TENANT_ADMIN = "TENANT_ADMIN";
    public static final String CONSULTANT = "CONSULTANT";
    public static final String CUSTOMER = "CUSTOMER";
    public static final String APPROVER = "APPROVER";

    /** Service rule: platform administrators only. */
    public static final String IS_PLATFORM_ADMIN = "hasRole('" + PLATFORM_ADMIN + "')";
    /** Service rule: the tenant's administrators only. */
    public static final String IS_TENANT_ADMIN = "hasRole('" + TENANT_ADMIN + "')";
    /** Service rule: the reseller's staff (consultants and tenant administrators). */
    public static final String IS_TENANT_STAFF = "hasAnyRole('" + CONSULTANT + "', '" + TENANT_ADMIN + "')";
    /** Service rule: whoever may take an approval step (tenant administrators and approvers). */
    public static final String IS_QUOTE_APPROVER = "hasAnyRole('" + TENANT_ADMIN + "', '" + APPROVER + "')";
    /** Service rule: whoever may read the tenant's quotes (the staff and approvers). */
    public static final String IS_QUOTE_READER = "hasAnyRole('" + CONSULTANT + "', '" + TENANT_ADMIN + "', '" + APPROVER + "')";
    /** Service rule: a customer's portal account. */
    public static final String IS_CUSTOMER = "hasRole('" + CUSTOMER + "')";
    /** Service rule: any signed-in account (the method checks what it needs). */
    public static final String IS_AUTHENTICATED = "isAuthenticated()";
    /**
     * Service rule: a signed-in account that may use the REST API (everyone but a CUSTOMER, whose only REST answers
     * are refusals, so a personal API token would be a credential for nothing but probing).
     */
    public static final String IS_API_USER = "isAuthenticated() and !hasRole('" + CUSTOMER + "')";

    private Roles() {
    }
}
