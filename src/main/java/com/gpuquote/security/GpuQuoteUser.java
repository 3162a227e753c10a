package com.gpuquote.security;

import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantPrincipal;
import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

import java.io.Serial;
import java.io.Serializable;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The authenticated user: who, which tenant, which roles. The only source of the tenant for a request. */
public final class GpuQuoteUser implements UserDetails, CredentialsContainer, TenantPrincipal, Serializable {
    @Serial
    private static final long serialVersionUID = 2L;

    private final UserId userId;
    private final @Nullable TenantId tenantId;
    private final @Nullable String tenantSlug;
    private final @Nullable String tenantName;
    private final @Nullable String tenantLocale;
    private final String email;
    private final String displayName;
    private final Set<Role> roles;
    private final boolean enabled;
    private final @Nullable Instant lockedUntil;
    private final java.util.@Nullable UUID customerId;
    private final int securityStamp;
    private @Nullable String passwordHash;

    public GpuQuoteUser(UserId userId, @Nullable TenantId tenantId, @Nullable String tenantSlug,
                        @Nullable String tenantName, @Nullable String tenantLocale,
                        String email, String displayName, Set<Role> roles, boolean enabled, @Nullable Instant lockedUntil,
                        @Nullable String passwordHash) {
        this(userId, tenantId, tenantSlug, tenantName, tenantLocale, email, displayName, roles, enabled, lockedUntil,
                passwordHash, null);
    }

    /**
     * {@code customerId}: the one customer a CUSTOMER user belongs to (null for everyone else). {@code lockedUntil}: a
     * failed-login lock in force when the account was loaded, else null (see {@link #isAccountNonLocked()}).
     */
    public GpuQuoteUser(UserId userId, @Nullable TenantId tenantId, @Nullable String tenantSlug,
                        @Nullable String tenantName, @Nullable String tenantLocale,
                        String email, String displayName, Set<Role> roles, boolean enabled, @Nullable Instant lockedUntil,
                        @Nullable String passwordHash, java.util.@Nullable UUID customerId) {
        this(userId, tenantId, tenantSlug, tenantName, tenantLocale, email, displayName, roles, enabled, lockedUntil,
                passwordHash, customerId, 0);
    }

    /**
     * {@code securityStamp}: the account's security stamp when it was loaded; a browser session whose stamp no longer
     * matches the database (roles, enabled or password changed since) is ended on its next request.
     */
    public GpuQuoteUser(UserId userId, @Nullable TenantId tenantId, @Nullable String tenantSlug,
                        @Nullable String tenantName, @Nullable String tenantLocale,
                        String email, String displayName, Set<Role> roles, boolean enabled, @Nullable Instant lockedUntil,
                        @Nullable String passwordHash, java.util.@Nullable UUID customerId, int securityStamp) {
        this.customerId = customerId;
        this.securityStamp = securityStamp;
        this.userId = userId;
        this.tenantId = tenantId;
        this.tenantSlug = tenantSlug;
        this.tenantName = tenantName;
        this.tenantLocale = tenantLocale;
        this.email = email;
        this.displayName = displayName;
        this.roles = roles.isEmpty() ? Set.of() : EnumSet.copyOf(roles);
        this.enabled = enabled;
        this.lockedUntil = lockedUntil;
        this.passwordHash = passwordHash;
    }

    public UserId userId() {
        return userId;
    }

    @Override
    public Optional<TenantId> tenantId() {
        return Optional.ofNullable(tenantId);
    }

    /** The tenant of a tenant user; fails for platform administrators. */
    public TenantId requireTenant() {
        if (tenantId == null) {
            throw new org.springframework.security.access.AccessDeniedException("not a tenant user");
        }
        return tenantId;
    }

    /** The customer of a CUSTOMER user (their services filter by it); empty for reseller users. */
    public Optional<java.util.UUID> customerId() {
        return Optional.ofNullable(customerId);
    }

    /** The account's security stamp when this principal was loaded (see the constructor). */
    public int securityStamp() {
        return securityStamp;
    }

    public @Nullable String tenantSlug() {
        return tenantSlug;
    }

    public @Nullable String tenantName() {
        return tenantName;
    }

    public @Nullable String tenantLocale() {
        return tenantLocale;
    }

    public String email() {
        return email;
    }

    public String displayName() {
        return displayName;
    }

    public Set<Role> roles() {
        return roles;
    }

    public boolean hasRole(Role role) {
        return roles.contains(role);
    }

    @Override
    public boolean platformAdmin() {
        return roles.contains(Role.PLATFORM_ADMIN);
    }

    @Override
    public Collection<? extends GrantedAuthority> getAuthorities() {
        List<SimpleGrantedAuthority> list = roles.stream().map(r -> new SimpleGrantedAuthority(r.authority())).toList();
        return list;
    }

    @Override
    public @Nullable String getPassword() {
        return passwordHash;
    }

    @Override
    public String getUsername() {
        return email;
    }

    /**
     * Whether no failed-login lock held when the account was loaded: the loader ({@code AccountRepository}) passes
     * {@code lockedUntil} only for a lock still in force at the application's clock (ADR 1401), so this reads no clock.
     * Accounts are loaded for each login, so a lock that ran out is gone at the next attempt.
     */
    @Override
    public boolean isAccountNonLocked() {
        return lockedUntil == null;
    }

    @Override
    public boolean isEnabled() {
        return enabled;
    }

    @Override
    public void eraseCredentials() {
        passwordHash = null;
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof GpuQuoteUser other && other.userId.equals(userId);
    }

    @Override
    public int hashCode() {
        return userId.hashCode();
    }

    @Override
    public String toString() {
        return "GpuQuoteUser[" + email + "]";
    }
}
