package com.gpuquote.quote;

import com.gpuquote.security.GpuQuoteUser;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.stereotype.Component;

import java.util.function.Supplier;

/** Runs test code as a real account (loaded from the database), for calling secured services directly. */
@Component
public class AsUser {

    private final UserDetailsService users;

    public AsUser(UserDetailsService users) {
        this.users = users;
    }

    public <T> T call(String email, Supplier<T> work) {
        GpuQuoteUser user = (GpuQuoteUser) users.loadUserByUsername(email);
        var previous = SecurityContextHolder.getContext().getAuthentication();
        SecurityContextHolder.getContext().setAuthentication(
                UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
        try {
            return work.get();
        } finally {
            SecurityContextHolder.getContext().setAuthentication(previous);
        }
    }

    public void run(String email, Runnable work) {
        call(email, () -> {
            work.run();
            return null;
        });
    }
}
