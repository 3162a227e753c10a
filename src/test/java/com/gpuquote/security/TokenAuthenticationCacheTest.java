package com.gpuquote.security;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.security.internal.TokenAuthenticationCache;
import com.gpuquote.security.internal.TokenCacheSwitch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bearer tokens are served from a short cache (ADR 0009), and every change that must stop a token stops it at once:
 * a revocation through the API on the very next request, a change made anywhere else in the database (another
 * instance, an operator) as soon as its notification arrives. The test context runs without the cache; these tests
 * switch it on with the production lifetime (30 s) and back off afterwards, in the shared context.
 */
@CalendarTest
class TokenAuthenticationCacheTest extends IntegrationTest {

    /** How long a notification may take to reach this instance; it is milliseconds in practice. */
    private static final long NOTIFICATION_GRACE_MILLIS = 3_000;

    @Autowired
    TestTenants tenants;
    @Autowired
    SignedIn signedIn;
    @Autowired
    ApiTokenService tokenService;
    @Autowired
    TokenAuthenticationCache cache;

    private Duration configured;

    @BeforeEach
    void cacheOn() throws InterruptedException {
        configured = TokenCacheSwitch.ttl(cache, Duration.ofSeconds(30));
    }

    @AfterEach
    void cacheAsConfigured() throws InterruptedException {
        TokenCacheSwitch.ttl(cache, configured);
    }

    private record Token(TestTenants.TestTenant tenant, UUID id, String value) {
        Api api(String baseUrl) {
            return Api.bearer(baseUrl, value);
        }
    }

    private Token newToken() {
        TestTenants.TestTenant t = tenants.create();
        ApiTokenService.CreatedToken created = signedIn.as(t.consultantEmail(), () -> tokenService.create("cache", 7));
        return new Token(t, created.id().value(), created.token());
    }

    @Test
    void aTokenSeenMomentsAgoIsAnsweredWithoutTheDatabaseUntilACredentialChangeIsNotified() throws Exception {
        Token token = newToken();
        assertThat(token.api(baseUrl()).get("/api/v1/me").status()).isEqualTo(200);
        // behind the app's back and without firing the triggers (as if the notification were lost): the token's
        // row no longer matches; a request that went to the database would now get 401
        try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
            st.execute("set session_replication_role = replica");
            try (PreparedStatement ps = admin.prepareStatement("update api_tokens set token_hash = ? where id = ?")) {
                ps.setBytes(1, new byte[32]);
                ps.setObject(2, token.id());
                assertThat(ps.executeUpdate()).isEqualTo(1);
            }
        }
        assertThat(token.api(baseUrl()).get("/api/v1/me").status()).as("served from the cache").isEqualTo(200);

        notifyCredentialsChanged();
        assertStatusWithinGrace(() -> token.api(baseUrl()).get("/api/v1/me").status(), 401);
    }

    @Test
    void aTokenRevokedThroughTheApiIsRefusedOnTheVeryNextRequest() {
        Token token = newToken();
        Api bearer = token.api(baseUrl());
        assertThat(bearer.get("/api/v1/me").status()).isEqualTo(200);
        assertThat(bearer.get("/api/v1/me/tokens").status()).isEqualTo(200);
        assertThat(Api.basic(baseUrl(), token.tenant().consultantEmail(), TestTenants.PASSWORD)
                .delete("/api/v1/me/tokens/" + token.id()).status()).isEqualTo(204);
        // no waiting: the revoking instance empties its cache when the revocation commits
        assertThat(bearer.get("/api/v1/me").status()).isEqualTo(401);
    }

    @Test
    void aRevocationWrittenByAnotherInstanceStopsTheTokenHereToo() throws Exception {
        Token token = newToken();
        assertThat(token.api(baseUrl()).get("/api/v1/me").status()).isEqualTo(200);
        adminUpdate("update api_tokens set revoked_at = now() where id = ?", token.id());
        assertStatusWithinGrace(() -> token.api(baseUrl()).get("/api/v1/me").status(), 401);
    }

    @Test
    void disablingTheUserOrSuspendingTheTenantStopsTheirTokens() throws Exception {
        Token disabled = newToken();
        Token suspended = newToken();
        assertThat(disabled.api(baseUrl()).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(suspended.api(baseUrl()).get("/api/v1/me").status()).isEqualTo(200);

        adminUpdate("update app_users set enabled = false where id = (select user_id from api_tokens where id = ?)",
                disabled.id());
        assertStatusWithinGrace(() -> disabled.api(baseUrl()).get("/api/v1/me").status(), 401);

        adminUpdate("update tenants set status = 'SUSPENDED' where id = (select tenant_id from api_tokens where id = ?)",
                suspended.id());
        assertStatusWithinGrace(() -> suspended.api(baseUrl()).get("/api/v1/me").status(), 401);
    }

    @Test
    void aRoleChangeReachesTheNextRequestsOfTheToken() throws Exception {
        Token token = newToken();
        // the consultant becomes a tenant admin behind the app's back (another instance's user admin)
        assertThat(token.api(baseUrl()).get("/api/v1/me").json().path("roles").toString()).doesNotContain("TENANT_ADMIN");
        adminUpdate("update app_users set roles = array['CONSULTANT','TENANT_ADMIN'] "
                + "where id = (select user_id from api_tokens where id = ?)", token.id());
        long deadline = System.currentTimeMillis() + NOTIFICATION_GRACE_MILLIS;
        String roles;
        do {
            roles = token.api(baseUrl()).get("/api/v1/me").json().path("roles").toString();
        } while (!roles.contains("TENANT_ADMIN") && System.currentTimeMillis() < deadline && pause());
        assertThat(roles).contains("TENANT_ADMIN");
    }

    private static void adminUpdate(String sql, UUID id) throws SQLException {
        try (Connection admin = TestDatabase.adminConnection(); PreparedStatement ps = admin.prepareStatement(sql)) {
            ps.setObject(1, id);
            assertThat(ps.executeUpdate()).isEqualTo(1);
        }
    }

    private static void notifyCredentialsChanged() throws SQLException {
        try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
            st.execute("notify gpuquote_credentials");
        }
    }

    private static void assertStatusWithinGrace(IntSupplier status, int expected) {
        long deadline = System.currentTimeMillis() + NOTIFICATION_GRACE_MILLIS;
        int last;
        do {
            last = status.getAsInt();
        } while (last != expected && System.currentTimeMillis() < deadline && pause());
        assertThat(last).isEqualTo(expected);
    }

    private static boolean pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return true;
    }
}
