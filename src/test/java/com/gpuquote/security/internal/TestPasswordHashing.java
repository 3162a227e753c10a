package com.gpuquote.security.internal;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The test context's password encoder: Argon2id at its lowest cost (8 KiB, one pass) instead of production's 19 MiB
 * and two passes, counted like production's ({@code gpuquote.password.verifications}). Every test creates accounts
 * and most API tests use HTTP Basic, so production cost made hashing a large share of the suite's CPU. It lives in
 * the test sources only, so no build of the application contains it; {@link ProductionPasswordHashingTest} proves
 * the application's own encoder keeps the production parameters. {@code -Dgpuquote.test.production-password-cost=true}
 * brings the production cost back (to measure what the cheap one saves); at shutdown the test JVM logs how many
 * hashes it computed and the time they took.
 */
@Configuration(proxyBeanMethods = false)
class TestPasswordHashing {

    private static final Logger log = LoggerFactory.getLogger(TestPasswordHashing.class);

    private final AtomicLong encodes = new AtomicLong();
    private final AtomicLong verifications = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();

    @Bean
    @Primary
    PasswordEncoder cheapPasswordEncoder(MeterRegistry registry) {
        Argon2PasswordEncoder argon2 = Boolean.getBoolean("gpuquote.test.production-password-cost")
                ? new Argon2PasswordEncoder(16, 32, 1, 19456, 2)
                : new Argon2PasswordEncoder(16, 32, 1, 8, 1);
        return new CountingPasswordEncoder(new Timed(argon2), registry);
    }

    @PreDestroy
    void report() {
        log.info("Password hashing in this test JVM: {} encodes, {} verifications, {} ms", encodes.get(),
                verifications.get(), nanos.get() / 1_000_000);
    }

    private final class Timed implements PasswordEncoder {
        private final PasswordEncoder delegate;

        Timed(PasswordEncoder delegate) {
            this.delegate = delegate;
        }

        @Override
        public String encode(CharSequence rawPassword) {
            long start = System.nanoTime();
            try {
                return delegate.encode(rawPassword);
            } finally {
                nanos.addAndGet(System.nanoTime() - start);
                encodes.incrementAndGet();
            }
        }

        @Override
        public boolean matches(CharSequence rawPassword, String encodedPassword) {
            long start = System.nanoTime();
            try {
                return delegate.matches(rawPassword, encodedPassword);
            } finally {
                nanos.addAndGet(System.nanoTime() - start);
                verifications.incrementAndGet();
            }
        }

        @Override
        public boolean upgradeEncoding(String encodedPassword) {
            return delegate.upgradeEncoding(encodedPassword);
        }
    }
}
