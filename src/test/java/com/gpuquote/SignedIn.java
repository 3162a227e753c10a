package com.gpuquote;

import com.gpuquote.security.GpuQuoteUser;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.stereotype.Component;

import java.util.function.Supplier;

/**
 * Runs service calls as a real account loaded from the database (as after a login), so method security, the
 * tenant-aware transaction manager and row-level security all act as in production. Test-scope bean.
 */
@Component
public class SignedIn {

    private final UserDetailsService users;

    public SignedIn(UserDetailsService users) {
        this.users = users;
    }

    public GpuQuoteUser load(String email) {
        return (GpuQuoteUser) users.loadUserByUsername(email);
    }

    public <T> T as(String email, Supplier<T> work) {
        return as(load(email), work);
    }

    public void as(String email, Runnable work) {
        as(load(email), () -> {
            work.run();
            return null;
        });
    }

    public static <T> T as(GpuQuoteUser user, Supplier<T> work) {
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
