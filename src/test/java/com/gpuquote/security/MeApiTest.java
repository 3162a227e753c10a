package com.gpuquote.security;

import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MeApiTest extends IntegrationTest {

    @Test
    void meAnswersTheSignedInUserAndTenant() {
        var r = Api.basic(baseUrl(), "consultant@sanfei.demo", "Demo-Consultant-2026!").get("/api/v1/me");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().path("email").asText()).isEqualTo("consultant@sanfei.demo");
        assertThat(r.json().path("tenant").path("slug").asText()).isEqualTo("sanfei");
        assertThat(r.json().path("roles").toString()).isEqualTo("[\"CONSULTANT\"]");
    }

    @Test
    void meWithoutCredentialsIs401ProblemDetails() {
        var r = Api.anonymous(baseUrl()).get("/api/v1/me");
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
    }

    @Test
    void personalTokenAuthenticatesAsItsUserUntilRevoked() {
        var basic = Api.basic(baseUrl(), "admin@northwind.demo", "Demo-Admin-2026!");
        var created = basic.post("/api/v1/me/tokens", java.util.Map.of("name", "script", "expiresInDays", 7));
        assertThat(created.status()).isEqualTo(201);
        String token = created.json().path("token").asText();
        var bearer = Api.bearer(baseUrl(), token);
        assertThat(bearer.get("/api/v1/me").json().path("tenant").path("slug").asText()).isEqualTo("northwind");
        assertThat(basic.delete("/api/v1/me/tokens/" + created.json().path("id").asText()).status()).isEqualTo(204);
        assertThat(bearer.get("/api/v1/me").status()).isEqualTo(401);
    }
}
