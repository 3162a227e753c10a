package com.gpuquote.security;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Start-up jobs (bootstrap admin, demo data) act as a built-in platform administrator, so they go through the
 * same secured services as people do. Never used on a request thread.
 */
public final class SystemAuthentication {
    private static final GpuQuoteUser SYSTEM = new GpuQuoteUser(new UserId(new UUID(0, 0)), null, null, null, null,
            "system", "System", Set.of(Role.PLATFORM_ADMIN), true, null, null);

    private SystemAuthentication() {
    }

    public static void asPlatformAdmin(Runnable work) {
        asUser(SYSTEM, work);
    }

    /** Runs a start-up job as a real account (e.g. a demo tenant's admin), audited as that account. */
    public static void asUser(GpuQuoteUser user, Runnable work) {
        asUser(user, () -> {
            work.run();
            return null;
        });
    }

    public static <T extends @Nullable Object> T asUser(GpuQuoteUser user, Supplier<T> work) {
        SecurityContext previous = SecurityContextHolder.getContext();
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
        SecurityContextHolder.setContext(context);
        try {
            return work.get();
        } finally {
            SecurityContextHolder.setContext(previous);
        }
    }
}
