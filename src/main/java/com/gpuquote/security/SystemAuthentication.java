package com.gpuquote.security;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.Set;
import java.util.UUID;

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
        SecurityContext previous = SecurityContextHolder.getContext();
        SecurityContext context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(SYSTEM, null, SYSTEM.getAuthorities()));
        SecurityContextHolder.setContext(context);
        try {
            work.run();
        } finally {
            SecurityContextHolder.setContext(previous);
        }
    }
}
