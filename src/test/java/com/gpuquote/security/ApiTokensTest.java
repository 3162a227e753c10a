package com.gpuquote.security;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static com.gpuquote.security.SecurityFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Personal API tokens: stored as SHA-256 only, bearer authentication, revocation, expiry, audit. */
@CalendarTest
class ApiTokensTest extends IntegrationTest {

    @Autowired
    SecurityFixtures fx;
    @Autowired
    SignedIn signedIn;
    @Autowired
    UserService users;

    @AfterEach
    void resetThrottle() {
        fx.resetThrottle();
    }

    @Test
    void aTokenIsStoredOnlyAsItsSha256AndAuthenticatesWithItsTenantAndRoles() {
        var t = fx.tenants.create();
        var created = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD)
                .post("/api/v1/me/tokens", Map.of("name", "laptop", "expiresInDays", 30));
        assertThat(created.status()).isEqualTo(201);
        String token = created.json().path("token").asText();
        UUID id = UUID.fromString(created.json().path("id").asText());
        assertThat(token).startsWith(ApiTokenService.PREFIX).hasSizeGreaterThanOrEqualTo(4 + 43);

        assertThat((byte[]) value("select token_hash from api_tokens where id = ?", id))
                .hasSize(32).isEqualTo(SecretTokens.sha256(token));
        assertThat(SecurityFixtures.whereInTheDatabase(token)).as("tables holding the raw token").isEmpty();
        assertThat(SecurityFixtures.whereInTheDatabase(token.substring(ApiTokenService.PREFIX.length()))).isEmpty();
        // the listing never shows the secret
        var list = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me/tokens");
        assertThat(list.body()).contains(id.toString()).doesNotContain(token.substring(ApiTokenService.PREFIX.length()));

        var me = Api.bearer(baseUrl(), token).get("/api/v1/me");
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().path("email").asText()).isEqualTo(t.consultantEmail());
        assertThat(me.json().path("tenant").path("id").asText()).isEqualTo(t.tenant().id().toString());
        assertThat(me.json().path("roles").toString()).isEqualTo("[\"CONSULTANT\"]");

        // the token acts with the user's current roles, not those at creation time
        UserId user = new UserId((UUID) value("select user_id from api_tokens where id = ?", id));
        signedIn.as(t.adminEmail(), () -> users.changeRoles(user, Set.of(Role.CONSULTANT, Role.TENANT_ADMIN)));
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").json().path("roles").toString())
                .isEqualTo("[\"CONSULTANT\",\"TENANT_ADMIN\"]");
        assertThat(value("select last_used_at is not null from api_tokens where id = ?", id)).isEqualTo(true);
    }

    @Test
    void revokedAndExpiredTokensAnswer401AndChangesAreAudited() {
        var t = fx.tenants.create();
        Api basic = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        var first = basic.post("/api/v1/me/tokens", Map.of("name", "to-revoke", "expiresInDays", 1)).json();
        var second = basic.post("/api/v1/me/tokens", Map.of("name", "to-expire", "expiresInDays", 1)).json();

        assertThat(basic.delete("/api/v1/me/tokens/" + first.path("id").asText()).status()).isEqualTo(204);
        var revoked = Api.bearer(baseUrl(), first.path("token").asText()).get("/api/v1/me");
        assertThat(revoked.status()).isEqualTo(401);
        assertThat(revoked.header("Content-Type")).startsWith("application/problem+json");
        assertThat(basic.delete("/api/v1/me/tokens/" + first.path("id").asText()).status()).as("revoke twice").isEqualTo(404);

        assertThat(Api.bearer(baseUrl(), second.path("token").asText()).get("/api/v1/me").status()).isEqualTo(200);
        SecurityFixtures.execute("update api_tokens set expires_at = now() - interval '1 second' where id = ?",
                UUID.fromString(second.path("id").asText()));
        assertThat(Api.bearer(baseUrl(), second.path("token").asText()).get("/api/v1/me").status()).isEqualTo(401);
        assertThat(Api.bearer(baseUrl(), "gqt_not-a-real-token").get("/api/v1/me").status()).isEqualTo(401);

        UUID tenant = t.tenant().id().value();
        assertThat(SecurityFixtures.rows("select action, entity_id, actor from audit_events where tenant_id = ? "
                        + "and action like 'API_TOKEN_%' order by id", tenant))
                .extracting(r -> r.get(0) + " " + r.get(1) + " " + r.get(2))
                .containsExactly(
                        "API_TOKEN_CREATED " + first.path("id").asText() + " " + t.adminEmail(),
                        "API_TOKEN_CREATED " + second.path("id").asText() + " " + t.adminEmail(),
                        "API_TOKEN_REVOKED " + first.path("id").asText() + " " + t.adminEmail());
    }

    @Test
    void tokenCreationIsValidated() {
        var t = fx.tenants.create();
        Api basic = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD);
        assertThat(basic.post("/api/v1/me/tokens", Map.of("name", "x", "expiresInDays", 366)).status()).isEqualTo(400);
        assertThat(basic.post("/api/v1/me/tokens", Map.of("name", " ", "expiresInDays", 1)).status()).isEqualTo(400);
        assertThat(basic.post("/api/v1/me/tokens", Map.of("name", "x", "expiresInDays", 0)).status()).isEqualTo(400);
    }
}
