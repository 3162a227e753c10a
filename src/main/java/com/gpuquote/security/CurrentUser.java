package com.gpuquote.security;

import org.springframework.security.authentication.AuthenticationCredentialsNotFoundException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

import java.util.Optional;

public final class CurrentUser {
    private CurrentUser() {
    }

    public static Optional<GpuQuoteUser> get() {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth != null && auth.getPrincipal() instanceof GpuQuoteUser u) {
            return Optional.of(u);
        }
        return Optional.empty();
    }

    public static GpuQuoteUser require() {
        return get().orElseThrow(() -> new AuthenticationCredentialsNotFoundException("not logged in"));
    }
}
