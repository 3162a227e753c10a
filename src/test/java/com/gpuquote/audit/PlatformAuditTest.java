package com.gpuquote.audit;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.WebSession;
import com.gpuquote.security.internal.LoginThrottle;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Platform administrators' actions go to the platform's own audit log (ADR 0006), which tenants never see. */
@CalendarTest
class PlatformAuditTest extends IntegrationTest {

    static final String PLATFORM = "platform@gpuquote.demo";
    static final String PLATFORM_PASSWORD = "Demo-Platform-2026!";

    @Autowired
    SignedIn signedIn;
    @Autowired
    AuditLog audit;
    @Autowired
    UserService users;
    @Autowired
    TenantService tenants;
    @Autowired
    TestTenants testTenants;
    @Autowired
    LoginThrottle throttle;

    @AfterEach
    void resetThrottle() {
        List.of("127.0.0.1", "0:0:0:0:0:0:0:1", "::1").forEach(throttle::reset);
    }

    @Test
    void platformLoginsTokensAndTenantLifecycleAreAuditedForThePlatform() {
        Instant start = clock.instant().minusSeconds(1);
        new WebSession(baseUrl()).login(PLATFORM, PLATFORM_PASSWORD);
        assertThat(Api.basic(baseUrl(), PLATFORM, "wrong-password-1234").get("/api/v1/me").status()).isEqualTo(401);
        String tokenName = "platform-" + UUID.randomUUID().toString().substring(0, 8);
        var token = Api.basic(baseUrl(), PLATFORM, PLATFORM_PASSWORD)
                .post("/api/v1/me/tokens", Map.of("name", tokenName, "expiresInDays", 1));
        assertThat(token.status()).isEqualTo(201);

        String slug = "pa-" + UUID.randomUUID().toString().substring(0, 8);
        var onboarding = signedIn.as(PLATFORM, () -> users.onboardTenant(new NewTenant(slug, "Audited " + slug, "en"),
                "first-" + slug + "@test.example", "First Admin"));
        String tenantId = onboarding.tenant().id().toString();
        signedIn.as(PLATFORM, () -> tenants.setStatus(onboarding.tenant().id(), TenantStatus.SUSPENDED));
        signedIn.as(PLATFORM, () -> tenants.setStatus(onboarding.tenant().id(), TenantStatus.ACTIVE));

        List<AuditEvent> events = signedIn.as(PLATFORM, () -> audit.findPlatform(AuditLog.Filter.NONE, 0, 200)).stream()
                .filter(e -> e.at().isAfter(start)).toList();
        assertThat(events).anySatisfy(e -> {
            assertThat(e.action()).isEqualTo("LOGIN");
            assertThat(e.actor()).isEqualTo(PLATFORM);
            assertThat(e.ip()).isIn("127.0.0.1", "0:0:0:0:0:0:0:1", "::1");
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.action()).isEqualTo("LOGIN_FAILED");
            assertThat(e.actor()).isEqualTo(PLATFORM);
        });
        assertThat(events).anySatisfy(e -> {
            assertThat(e.action()).isEqualTo("API_TOKEN_CREATED");
            assertThat(e.details()).contains(tokenName);
        });
        for (String action : List.of("TENANT_CREATED", "TENANT_SUSPENDED", "TENANT_REACTIVATED")) {
            assertThat(events).as(action).anySatisfy(e -> {
                assertThat(e.action()).isEqualTo(action);
                assertThat(e.actor()).isEqualTo(PLATFORM);
                assertThat(e.entityId()).isEqualTo(tenantId);
            });
        }
        assertThat(events).filteredOn(e -> e.action().equals("TENANT_CREATED"))
                .anySatisfy(e -> assertThat(e.details()).contains(slug, "first-" + slug + "@test.example"));
    }

    @Test
    void tenantAdminsNeverSeeThePlatformLog() throws SQLException {
        var t = testTenants.create();
        new WebSession(baseUrl()).login(PLATFORM, PLATFORM_PASSWORD);
        signedIn.as(PLATFORM, () -> tenants.setStatus(t.tenant().id(), TenantStatus.SUSPENDED));
        signedIn.as(PLATFORM, () -> tenants.setStatus(t.tenant().id(), TenantStatus.ACTIVE));
        assertThat(count(null)).as("the platform log has rows").isPositive();

        assertThatThrownBy(() -> signedIn.as(t.adminEmail(), () -> audit.findPlatform(AuditLog.Filter.NONE, 0, 10)))
                .isInstanceOf(AccessDeniedException.class);
        assertThatThrownBy(() -> signedIn.as(t.consultantEmail(), () -> audit.findPlatform(AuditLog.Filter.NONE, 0, 10)))
                .isInstanceOf(AccessDeniedException.class);
        List<AuditEvent> own = signedIn.as(t.adminEmail(), () -> audit.find(AuditLog.Filter.NONE, 0, 500));
        assertThat(own).extracting(AuditEvent::action).doesNotContain("LOGIN_FAILED", "API_TOKEN_CREATED")
                .filteredOn("LOGIN"::equals).isEmpty();
        assertThat(own).noneMatch(e -> e.action().equals("TENANT_CREATED") && !e.entityId().equals(t.tenant().id().toString()));
        assertThat(count(t.tenant().id().value())).as("a tenant's transaction on a raw runtime connection").isZero();
    }

    /** Rows of platform_audit_events a raw runtime-role connection sees in a tenant's scope (or the platform's). */
    private static int count(UUID tenant) throws SQLException {
        try (Connection c = TestDatabase.runtimeConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement set = c.prepareStatement(
                    "select set_config('app.tenant_id', ?, true), set_config('app.platform', ?, true)")) {
                set.setString(1, tenant == null ? "" : tenant.toString());
                set.setString(2, tenant == null ? "on" : "");
                set.execute();
            }
            try (PreparedStatement ps = c.prepareStatement("select count(*) from platform_audit_events");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            } finally {
                c.rollback();
            }
        }
    }
}
