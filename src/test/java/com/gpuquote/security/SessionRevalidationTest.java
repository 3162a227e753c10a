package com.gpuquote.security;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.WebSession;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.EnumSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A browser session keeps the principal it logged in with; these prove that an open session is cut off at its next
 * request when the admin disables the user, the platform suspends the tenant or the user's roles change, and that
 * ordinary account activity (another login, a failed attempt) leaves it alone.
 */
class SessionRevalidationTest extends IntegrationTest {

    static final String PLATFORM_ADMIN = "platform@gpuquote.demo";

    @Autowired
    SecurityFixtures fx;
    @Autowired
    TenantService tenants;

    @AfterEach
    void resetThrottle() {
        fx.resetThrottle();
    }

    @Test
    void disablingAUserEndsTheirOpenSessionAtTheNextRequest() {
        var t = fx.tenants.create();
        WebSession consultant = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        WebSession admin = new WebSession(baseUrl()).login(t.adminEmail(), TestTenants.PASSWORD);
        assertThat(consultant.signedIn()).isTrue();

        UserId id = fx.signedIn.load(t.consultantEmail()).userId();
        fx.signedIn.as(t.adminEmail(), () -> fx.users.setEnabled(id, false));

        assertThat(consultant.signedIn()).as("disabled user's session").isFalse();
        assertThat(consultant.signedIn()).as("and it stays ended").isFalse();
        assertThat(admin.signedIn()).as("the admin's own session is untouched").isTrue();

        fx.signedIn.as(t.adminEmail(), () -> fx.users.setEnabled(id, true));
        assertThat(new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD).signedIn())
                .as("re-enabled user logs in again").isTrue();
    }

    @Test
    void suspendingATenantEndsTheOpenSessionsOfItsUsersOnly() {
        var t = fx.tenants.create();
        var other = fx.tenants.create();
        WebSession consultant = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        WebSession admin = new WebSession(baseUrl()).login(t.adminEmail(), TestTenants.PASSWORD);
        WebSession otherTenant = new WebSession(baseUrl()).login(other.consultantEmail(), TestTenants.PASSWORD);
        assertThat(consultant.signedIn()).isTrue();
        assertThat(admin.signedIn()).isTrue();

        fx.signedIn.as(PLATFORM_ADMIN, () -> tenants.setStatus(t.tenant().id(), TenantStatus.SUSPENDED));
        try {
            assertThat(consultant.signedIn()).as("consultant of the suspended tenant").isFalse();
            assertThat(admin.signedIn()).as("admin of the suspended tenant").isFalse();
            assertThat(otherTenant.signedIn()).as("another tenant's user").isTrue();
        } finally {
            fx.signedIn.as(PLATFORM_ADMIN, () -> tenants.setStatus(t.tenant().id(), TenantStatus.ACTIVE));
        }
    }

    @Test
    void aRoleChangeEndsTheSessionSoTheNextLoginCarriesTheNewRoles() {
        var t = fx.tenants.create();
        WebSession consultant = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        assertThat(consultant.signedIn()).isTrue();

        UserId id = fx.signedIn.load(t.consultantEmail()).userId();
        fx.signedIn.as(t.adminEmail(), () -> fx.users.changeRoles(id, EnumSet.of(Role.CONSULTANT, Role.TENANT_ADMIN)));

        assertThat(consultant.signedIn()).as("the session with the old roles").isFalse();
        WebSession again = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        assertThat(again.signedIn()).as("signed in again, now with the roles the login loaded").isTrue();
        assertThat(fx.signedIn.load(t.consultantEmail()).roles()).containsExactlyInAnyOrder(Role.CONSULTANT, Role.TENANT_ADMIN);

        fx.signedIn.as(t.adminEmail(), () -> fx.users.changeRoles(id, Set.of(Role.CONSULTANT)));
        assertThat(again.signedIn()).as("and taking the role away ends that session too").isFalse();
    }

    @Test
    void anotherLoginOrAFailedAttemptDoesNotEndAnOpenSession() {
        var t = fx.tenants.create();
        WebSession first = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        WebSession second = new WebSession(baseUrl()).login(t.consultantEmail(), TestTenants.PASSWORD);
        assertThat(com.gpuquote.Api.basic(baseUrl(), t.consultantEmail(), "wrong password 123").get("/api/v1/me").status())
                .isEqualTo(401);
        assertThat(first.signedIn()).isTrue();
        assertThat(second.signedIn()).isTrue();
    }
}
