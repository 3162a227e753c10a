package com.gpuquote.tenancy.internal;

import com.gpuquote.tenancy.DatabaseProperties;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 44: the published runtime password only in the demo and the tests. */
class RuntimePasswordCheckTest {

    private static DatabaseProperties withAppPassword(String password) {
        return new DatabaseProperties("jdbc:postgresql://localhost:5432/gpuquote", "postgres", "postgres",
                "gpuquote_app", password, 10, null, null, null);
    }

    private static StandardEnvironment profiles(String... active) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.setActiveProfiles(active);
        return environment;
    }

    @Test
    void theDefaultPasswordOutsideDemoAndTestsRefusesToStartAndSaysWhatToSet() {
        assertThatThrownBy(() -> RuntimePasswordCheck.require(withAppPassword("gpuquote_app"), profiles()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("GPUQUOTE_DB_APP_PASSWORD");
        assertThatThrownBy(() -> RuntimePasswordCheck.require(withAppPassword("gpuquote_app"), profiles("prod")))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theDemoTheTestsAndAnyOtherPasswordStart() {
        assertThatCode(() -> RuntimePasswordCheck.require(withAppPassword("gpuquote_app"), profiles("demo")))
                .doesNotThrowAnyException();
        assertThatCode(() -> RuntimePasswordCheck.require(withAppPassword("gpuquote_app"), profiles("test")))
                .doesNotThrowAnyException();
        assertThatCode(() -> RuntimePasswordCheck.require(withAppPassword("s3cret-of-our-own"), profiles()))
                .doesNotThrowAnyException();
    }
}
