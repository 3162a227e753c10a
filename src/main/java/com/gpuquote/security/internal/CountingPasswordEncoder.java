package com.gpuquote.security.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The application's password encoder, counting every verification ({@code gpuquote.password.verifications}): each one
 * costs an Argon2id computation (19 MiB, 2 passes), so the counter shows what logins and HTTP Basic cost the server,
 * and proves bearer tokens pay none of it. Exposed through Micrometer only (no public actuator endpoint).
 */
class CountingPasswordEncoder implements PasswordEncoder {

    static final String VERIFICATIONS = "gpuquote.password.verifications";

    private final PasswordEncoder delegate;
    private final Counter verifications;

    CountingPasswordEncoder(PasswordEncoder delegate, MeterRegistry registry) {
        this.delegate = delegate;
        this.verifications = Counter.builder(VERIFICATIONS)
                .description("Password hash verifications (Argon2id): form logins and HTTP Basic requests")
                .register(registry);
    }

    @Override
    public String encode(CharSequence rawPassword) {
        return delegate.encode(rawPassword);
    }

    @Override
    public boolean matches(CharSequence rawPassword, String encodedPassword) {
        verifications.increment();
        return delegate.matches(rawPassword, encodedPassword);
    }

    @Override
    public boolean upgradeEncoding(String encodedPassword) {
        return delegate.upgradeEncoding(encodedPassword);
    }
}
