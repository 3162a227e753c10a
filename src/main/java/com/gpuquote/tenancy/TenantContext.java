package com.gpuquote.tenancy;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where the database session's tenant comes from: the authenticated principal, and nothing else,
 * except for the few flows that verified a credential themselves (login, API token, invitation, portal link)
 * and then act for exactly that credential's tenant through {@link #runAs}.
 */
public final class TenantContext {

    /** The scope a transaction runs in. Neither a tenant nor platform: no tenant-owned row is visible. */
    public record Scope(TenantId tenantId, boolean platform) {
        public static final Scope NONE = new Scope(null, false);
        public static final Scope PLATFORM = new Scope(null, true);

        public static Scope tenant(TenantId id) {
            return new Scope(id, false);
        }
    }

    private static final ThreadLocal<Scope> OVERRIDE = new ThreadLocal<>();

    private TenantContext() {
    }

    public static Scope current() {
        Scope override = OVERRIDE.get();
        if (override != null) {
            return override;
        }
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth != null && auth.isAuthenticated() && auth.getPrincipal() instanceof TenantPrincipal p) {
            Optional<TenantId> tenant = p.tenantId();
            if (tenant.isPresent()) {
                return Scope.tenant(tenant.get());
            }
            return p.platformAdmin() ? Scope.PLATFORM : Scope.NONE;
        }
        return Scope.NONE;
    }

    /** Runs work for the given scope; only for flows that verified the credential that names this scope. */
    public static <T extends @Nullable Object> T runAs(Scope scope, Supplier<T> work) {
        Scope previous = OVERRIDE.get();
        OVERRIDE.set(scope);
        try {
            return work.get();
        } finally {
            if (previous == null) {
                OVERRIDE.remove();
            } else {
                OVERRIDE.set(previous);
            }
        }
    }

    public static void runAs(Scope scope, Runnable work) {
        runAs(scope, () -> {
            work.run();
            return null;
        });
    }
}
