package com.gpuquote.quote;

import com.gpuquote.SignedIn;
import com.gpuquote.security.GpuQuoteUser;
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
        return SignedIn.as((GpuQuoteUser) users.loadUserByUsername(email), work);
    }

    public void run(String email, Runnable work) {
        call(email, () -> {
            work.run();
            return null;
        });
    }
}
