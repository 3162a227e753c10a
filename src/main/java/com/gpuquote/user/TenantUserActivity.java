package com.gpuquote.user;

import com.gpuquote.tenancy.TenantId;

import java.time.Instant;

/** How many user accounts a tenant has (enabled of them) and its users' latest sign-in; counts only. */
public record TenantUserActivity(TenantId tenantId, int users, int enabledUsers, Instant lastLogin) {
}
