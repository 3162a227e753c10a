package com.gpuquote.security.internal;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.security.crypto.password.PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test context hashes passwords cheaply (TestPasswordHashing, test sources only); the application's own encoder,
 * the one every build contains, is Argon2id at OWASP's minimum profile: 19 MiB memory, 2 iterations, parallelism 1.
 */
class ProductionPasswordHashingTest {

    @Test
    void theApplicationsEncoderHashesWithArgon2idAt19MiBAndTwoPasses() {
        PasswordEncoder encoder = new SecurityConfig()
                .passwordEncoder(new StaticListableBeanFactory().getBeanProvider(MeterRegistry.class));
        String hash = encoder.encode("Production-Passphrase-2026");
        assertThat(hash).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        assertThat(encoder.matches("Production-Passphrase-2026", hash)).isTrue();
        assertThat(encoder.matches("production-passphrase-2026", hash)).isFalse();
    }
}
