package com.gpuquote.security;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestTenants;
import com.gpuquote.security.internal.LoginThrottle;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.security.SecurityFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

/** Account lockout, the per-IP throttle over HTTP, and suspended tenants, through real HTTP Basic requests. */
@CalendarTest
class LoginProtectionTest extends IntegrationTest {

    @Autowired
    SecurityFixtures fx;
    @Autowired
    UserService users;
    @Autowired
    TenantService tenants;
    @Autowired
    SignedIn signedIn;

    @BeforeEach
    @AfterEach
    void resetThrottle() {
        fx.resetThrottle();
    }

    @Test
    void fiveWrongPasswordsLockTheAccountFor15MinutesUntilTheAdminUnlocksIt() {
        var t = fx.tenants.create();
        String email = t.consultantEmail();
        for (int i = 1; i <= 5; i++) {
            assertThat(Api.basic(baseUrl(), email, "Wrong-Password-" + i).get("/api/v1/me").status()).isEqualTo(401);
        }
        Object secondsLocked = value("select extract(epoch from locked_until - now()) from app_users where lower(email) = lower(?)", email);
        assertThat(((Number) secondsLocked).doubleValue()).as("locked_until - now() in seconds")
                .isBetween(15 * 60 - 60.0, 15 * 60 + 1.0);

        var lockedRightPassword = Api.basic(baseUrl(), email, TestTenants.PASSWORD).get("/api/v1/me");
        var unknownUser = Api.basic(baseUrl(), "nobody-" + UUID.randomUUID() + "@test.example", TestTenants.PASSWORD).get("/api/v1/me");
        var wrongPassword = Api.basic(baseUrl(), t.adminEmail(), "Wrong-Password-x").get("/api/v1/me");
        assertThat(lockedRightPassword.status()).isEqualTo(401);
        assertThat(answer(lockedRightPassword)).as("locked vs unknown user").isEqualTo(answer(unknownUser));
        assertThat(answer(lockedRightPassword)).as("locked vs wrong password").isEqualTo(answer(wrongPassword));

        // the tenant admin unlocks: the right password works again, and the counter starts from zero
        signedIn.as(t.adminEmail(), () -> users.unlock(new UserId((UUID) value(
                "select id from app_users where lower(email) = lower(?)", email))));
        assertThat(Api.basic(baseUrl(), email, TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(value("select failed_attempts from app_users where lower(email) = lower(?)", email)).isEqualTo(0);
        assertThat(value("select locked_until from app_users where lower(email) = lower(?)", email)).isNull();
        // the admin's own single failure above did not lock the admin
        assertThat(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(value("select count(*) from audit_events where tenant_id = ? and action = 'LOGIN_LOCKED'",
                t.tenant().id().value())).isEqualTo(1L);
    }

    @Test
    void theLockRunsOutAfter15MinutesOnTheApplicationsClock() {
        var t = fx.tenants.create();
        String email = t.consultantEmail();
        for (int i = 1; i <= 5; i++) {
            Api.basic(baseUrl(), email, "Wrong-Password-" + i).get("/api/v1/me");
        }
        try {
            clock.advance(Duration.ofMinutes(14));
            assertThat(Api.basic(baseUrl(), email, TestTenants.PASSWORD).get("/api/v1/me").status())
                    .as("14 minutes later the account is still locked").isEqualTo(401);
            clock.advance(Duration.ofMinutes(1).plusSeconds(5));
            assertThat(Api.basic(baseUrl(), email, TestTenants.PASSWORD).get("/api/v1/me").status())
                    .as("15 minutes later the right password works again, without an admin").isEqualTo(200);
        } finally {
            clock.reset();
        }
    }

    @Test
    void fourWrongPasswordsThenTheRightOneDoNotLock() {
        var t = fx.tenants.create();
        for (int i = 1; i <= 4; i++) {
            Api.basic(baseUrl(), t.consultantEmail(), "Wrong-Password-" + i).get("/api/v1/me");
        }
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        Api.basic(baseUrl(), t.consultantEmail(), "Wrong-Password-5").get("/api/v1/me");
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                .as("the success reset the consecutive-failure count").isEqualTo(200);
    }

    @Test
    void tooManyFailuresFromOneAddressAnswer429UntilTheWindowIsReset() {
        var t = fx.tenants.create();
        try {
            for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
                // different unknown accounts: the throttle is per address, not per account
                assertThat(Api.basic(baseUrl(), "guess-" + i + "@test.example", "Wrong-Password-x").get("/api/v1/me").status())
                        .isEqualTo(401);
            }
            var blocked = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me");
            assertThat(blocked.status()).as("even the right password, once the address is blocked").isEqualTo(429);
            assertThat(blocked.header("Retry-After")).isEqualTo(String.valueOf(LoginThrottle.WINDOW.toSeconds()));
            assertThat(blocked.header("Content-Type")).startsWith("application/problem+json");
        } finally {
            fx.resetThrottle();
        }
        assertThat(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
    }

    @Autowired
    io.micrometer.core.instrument.MeterRegistry meters;

    @Test
    void aLockedAccountIsRefusedAtTheCostOfOnePasswordVerificationLikeUnknownOrWrong() {
        var t = fx.tenants.create();
        for (int i = 1; i <= 5; i++) {
            Api.basic(baseUrl(), t.consultantEmail(), "Wrong-Password-" + i).get("/api/v1/me");
        }
        fx.resetThrottle();
        // the work of a refusal is counted, not timed (timings are for benchmarks): one Argon2id each
        double locked = verificationsFor(() -> Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me"));
        double unknown = verificationsFor(() -> Api.basic(baseUrl(), "nobody-" + UUID.randomUUID() + "@test.example",
                TestTenants.PASSWORD).get("/api/v1/me"));
        double wrong = verificationsFor(() -> Api.basic(baseUrl(), t.adminEmail(), "Wrong-Password-x").get("/api/v1/me"));
        assertThat(unknown).as("unknown e-mail").isEqualTo(1.0);
        assertThat(wrong).as("wrong password").isEqualTo(1.0);
        assertThat(locked).as("locked account").isEqualTo(1.0);
    }

    @Test
    void aLockoutDoesNotCutOffTheUsersApiTokensButDisablingTheUserDoes() {
        var t = fx.tenants.create();
        String token = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD)
                .post("/api/v1/me/tokens", Map.of("name", "ci", "expiresInDays", 3)).json().path("token").asText();
        for (int i = 1; i <= 5; i++) {
            Api.basic(baseUrl(), t.consultantEmail(), "Wrong-Password-" + i).get("/api/v1/me");
        }
        fx.resetThrottle();
        assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                .as("the password login is locked").isEqualTo(401);
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).as("the integration keeps working")
                .isEqualTo(200);

        UserId consultant = new UserId((UUID) value("select id from app_users where lower(email) = lower(?)",
                t.consultantEmail()));
        signedIn.as(t.adminEmail(), () -> users.setEnabled(consultant, false));
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).as("a disabled user's token").isEqualTo(401);
    }

    private double verificationsFor(Runnable request) {
        double before = meters.get("gpuquote.password.verifications").counter().count();
        request.run();
        return meters.get("gpuquote.password.verifications").counter().count() - before;
    }

    @Test
    void aSuccessfulLoginDoesNotResetTheAddressWindowOfOtherAccountsFailures() {
        var t = fx.tenants.create();
        try {
            for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
                assertThat(Api.basic(baseUrl(), "spray-" + i + "@test.example", "Wrong-Password-x").get("/api/v1/me")
                        .status()).isEqualTo(401);
                // the attacker's own valid account logs in through the form in between (issue 11: this reset the window)
                new com.gpuquote.WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
            }
            assertThat(Api.basic(baseUrl(), "spray-x@test.example", "Wrong-Password-x").get("/api/v1/me").status())
                    .as("the address is blocked after the window's failures, successes notwithstanding").isEqualTo(429);
        } finally {
            fx.resetThrottle();
        }
    }

    @Test
    void aUserWhoMistypedAndThenLoggedInIsNotCountedAgainstTheAddress() {
        var t = fx.tenants.create();
        try {
            for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
                Api.basic(baseUrl(), t.adminEmail(), "Wrong-Password-" + i).get("/api/v1/me");
                if (i % 4 == 3) { // before the account lockout (5)
                    assertThat(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                            .isEqualTo(200);
                }
            }
            assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status())
                    .as("own failures were forgiven by own successes").isEqualTo(200);
        } finally {
            fx.resetThrottle();
        }
    }

    @Test
    void usersOfASuspendedTenantCannotLogInUntilItIsReactivated() {
        var t = fx.tenants.create();
        String token = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD)
                .post("/api/v1/me/tokens", Map.of("name", "cron", "expiresInDays", 3)).json().path("token").asText();
        SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(t.tenant().id(), TenantStatus.SUSPENDED));
        try {
            var basic = Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me");
            assertThat(basic.status()).isEqualTo(401);
            assertThat(Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(401);
            assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).as("tokens too").isEqualTo(401);
            var unknown = Api.basic(baseUrl(), "nobody-" + UUID.randomUUID() + "@test.example", "x-x-x-x-x-x-x").get("/api/v1/me");
            assertThat(answer(basic)).as("suspended answers like unknown").isEqualTo(answer(unknown));
        } finally {
            SystemAuthentication.asPlatformAdmin(() -> tenants.setStatus(t.tenant().id(), TenantStatus.ACTIVE));
            fx.resetThrottle();
        }
        assertThat(Api.basic(baseUrl(), t.adminEmail(), TestTenants.PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(Api.bearer(baseUrl(), token).get("/api/v1/me").status()).isEqualTo(200);
    }

    private static String answer(Api.Response r) {
        return r.status() + " " + r.body() + " " + r.header("WWW-Authenticate");
    }
}
