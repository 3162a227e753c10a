package com.gpuquote.security;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Basic auth costs one Argon2 verification per request; personal API tokens never pay it (issue 3). */
class PasswordVerificationCostTest extends IntegrationTest {

    @Autowired
    SecurityFixtures fx;
    @Autowired
    MeterRegistry meters;

    @Test
    void bearerTokenRequestsVerifyNoPasswordWhileEachBasicRequestVerifiesOne() {
        var t = fx.tenants.create();
        Api basic = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        String token = basic.post("/api/v1/me/tokens", Map.of("name", "cost", "expiresInDays", 1))
                .json().path("token").asText();
        Api bearer = Api.bearer(baseUrl(), token);

        double before = verifications();
        for (int i = 0; i < 10; i++) {
            assertThat(bearer.get("/api/v1/me").status()).isEqualTo(200);
        }
        assertThat(verifications()).as("10 bearer requests").isEqualTo(before);

        assertThat(basic.get("/api/v1/me").status()).isEqualTo(200);
        assertThat(verifications()).as("one Basic request").isEqualTo(before + 1);
    }

    @Test
    void theCounterIsNotAPublicActuatorEndpoint() {
        assertThat(Api.anonymous(baseUrl()).get("/actuator/metrics/gpuquote.password.verifications").status())
                .isNotEqualTo(200);
        assertThat(Api.anonymous(baseUrl()).get("/actuator/metrics").status()).isNotEqualTo(200);
    }

    private double verifications() {
        return meters.get("gpuquote.password.verifications").counter().count();
    }
}
