package com.gpuquote.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.tenancy.NewTenant;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantStatus;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationCredentialsNotFoundException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Who may call what: service methods by role, and every REST endpoint without credentials. */
class RoleChecksTest extends IntegrationTest {

    static final String CONSULTANT = "consultant@sanfei.demo";
    static final String TENANT_ADMIN = "admin@sanfei.demo";
    static final String PLATFORM_ADMIN = "platform@gpuquote.demo";

    @Autowired
    SignedIn signedIn;
    @Autowired
    TenantService tenants;
    @Autowired
    UserService users;
    @Autowired
    AuditLog audit;
    @Autowired
    com.gpuquote.tenancy.TenantBrandingService branding;
    @Autowired
    com.gpuquote.sizing.SizingRunService sizingRuns;

    record Case(String who, String call, Runnable action) {
    }

    private List<Case> denied() {
        String slug = "denied-" + UUID.randomUUID().toString().substring(0, 8);
        NewTenant newTenant = new NewTenant(slug, "Denied", "zh-CN");
        NewInvitation invitation = new NewInvitation("x-" + slug + "@test.example", "X", Set.of(Role.CONSULTANT));
        return List.of(
                new Case(CONSULTANT, "TenantService.list", tenants::list),
                new Case(CONSULTANT, "TenantService.create", () -> tenants.create(newTenant)),
                new Case(CONSULTANT, "UserService.invite", () -> users.invite(invitation)),
                new Case(CONSULTANT, "UserService.list", () -> users.list("", 0, 10)),
                new Case(CONSULTANT, "UserService.unlock", () -> users.unlock(new UserId(UUID.randomUUID()))),
                new Case(CONSULTANT, "AuditLog.find", () -> audit.find(AuditLog.Filter.NONE, 0, 10)),
                new Case(CONSULTANT, "AuditLog.countUpTo", () -> audit.countUpTo(AuditLog.Filter.NONE, 10)),
                new Case(CONSULTANT, "TenantService.updateSettings", () -> tenants.updateSettings(null)),
                new Case(CONSULTANT, "UserService.changeRoles",
                        () -> users.changeRoles(new UserId(UUID.randomUUID()), Set.of(Role.TENANT_ADMIN))),
                new Case(CONSULTANT, "UserService.setEnabled", () -> users.setEnabled(new UserId(UUID.randomUUID()), false)),
                new Case(CONSULTANT, "UserService.revokeInvitation", () -> users.revokeInvitation(com.gpuquote.user.InvitationId.random())),
                new Case(CONSULTANT, "UserService.pendingInvitations", users::pendingInvitations),
                new Case(CONSULTANT, "TenantService.setStatus",
                        () -> tenants.setStatus(tenants.current().id(), TenantStatus.SUSPENDED)),
                new Case(CONSULTANT, "TenantBrandingService.uploadLogo", () -> branding.uploadLogo(new byte[1], "image/png")),
                new Case(CONSULTANT, "TenantBrandingService.removeLogo", branding::removeLogo),
                new Case(PLATFORM_ADMIN, "TenantBrandingService.uploadLogo", () -> branding.uploadLogo(new byte[1], "image/png")),
                new Case(TENANT_ADMIN, "TenantService.create", () -> tenants.create(newTenant)),
                new Case(TENANT_ADMIN, "TenantService.list", tenants::list),
                new Case(TENANT_ADMIN, "TenantService.setStatus",
                        () -> tenants.setStatus(tenants.current().id(), TenantStatus.SUSPENDED)),
                new Case(TENANT_ADMIN, "UserService.onboardTenant", () -> users.onboardTenant(newTenant, "a@b.cd", "A")),
                new Case(PLATFORM_ADMIN, "UserService.invite", () -> users.invite(invitation)),
                new Case(PLATFORM_ADMIN, "AuditLog.find", () -> audit.find(AuditLog.Filter.NONE, 0, 10)),
                new Case(PLATFORM_ADMIN, "TenantService.updateSettings", () -> tenants.updateSettings(null)),
                new Case(PLATFORM_ADMIN, "UserService.list", () -> users.list("", 0, 10)),
                new Case(TENANT_ADMIN, "AuditLog.findPlatform", () -> audit.findPlatform(AuditLog.Filter.NONE, 0, 10)),
                new Case(CONSULTANT, "AuditLog.findPlatform", () -> audit.findPlatform(AuditLog.Filter.NONE, 0, 10)),
                new Case(TENANT_ADMIN, "AuditLog.countPlatform", () -> audit.countPlatform(AuditLog.Filter.NONE)),
                new Case(CONSULTANT, "AuditLog.countPlatform", () -> audit.countPlatform(AuditLog.Filter.NONE)),
                new Case(TENANT_ADMIN, "AuditLog.countPlatformUpTo", () -> audit.countPlatformUpTo(AuditLog.Filter.NONE, 10)),
                new Case(CONSULTANT, "AuditLog.countPlatformUpTo", () -> audit.countPlatformUpTo(AuditLog.Filter.NONE, 10)),
                new Case(PLATFORM_ADMIN, "SizingRunService.list",
                        () -> sizingRuns.list(new com.gpuquote.customer.ProjectId(UUID.randomUUID()))),
                new Case(PLATFORM_ADMIN, "SizingRunService.create",
                        () -> sizingRuns.create(new com.gpuquote.customer.ProjectId(UUID.randomUUID()), "x", null,
                                java.util.Locale.ENGLISH)));
    }

    @TestFactory
    Stream<DynamicTest> rolesWithoutTheRightAreDenied() {
        return denied().stream().map(c -> DynamicTest.dynamicTest(c.who() + " calls " + c.call(), () ->
                signedIn.as(c.who(), () -> assertThatThrownBy(c.action()::run)
                        .isInstanceOf(AccessDeniedException.class))));
    }

    @TestFactory
    Stream<DynamicTest> nobodySignedInIsRefusedEverywhere() {
        return denied().stream().map(c -> DynamicTest.dynamicTest("anonymous calls " + c.call(), () ->
                        assertThatThrownBy(c.action()::run).isInstanceOfAny(
                                AuthenticationCredentialsNotFoundException.class, AccessDeniedException.class)));
    }

    @Test
    void platformAdminListsTenants() {
        List<Tenant> all = signedIn.as(PLATFORM_ADMIN, () -> tenants.list());
        assertThat(all).extracting(Tenant::slug).contains("sanfei", "northwind");
    }

    @Test
    void tenantAdminManagesOwnUsersAndConsultantMayReadOwnTenant() {
        assertThat(signedIn.as(TENANT_ADMIN, () -> users.count(""))).isPositive();
        assertThat(signedIn.as(CONSULTANT, () -> tenants.current()).slug()).isEqualTo("sanfei");
    }

    /** Every /api/v1 operation the running app documents, so endpoints added later are covered automatically. */
    @TestFactory
    Stream<DynamicTest> everyApiEndpointAnswers401WithoutCredentials() {
        var docs = Api.anonymous(baseUrl()).get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        List<String[]> operations = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> paths = docs.json().path("paths").fields();
        while (paths.hasNext()) {
            var path = paths.next();
            if (!path.getKey().startsWith("/api/v1/")) {
                continue;
            }
            path.getValue().fieldNames().forEachRemaining(method -> {
                if (Set.of("get", "post", "put", "patch", "delete").contains(method)) {
                    operations.add(new String[]{method.toUpperCase(), path.getKey()});
                }
            });
        }
        assertThat(operations).as("documented operations").isNotEmpty()
                .anySatisfy(op -> assertThat(op[1]).isEqualTo("/api/v1/me"));
        return operations.stream().map(op -> DynamicTest.dynamicTest(op[0] + " " + op[1], () -> {
            String path = op[1].replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
            var r = Api.anonymous(baseUrl()).send(op[0], path, "application/json", "{}");
            assertThat(r.status()).as(op[0] + " " + path).isEqualTo(401);
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            var bogus = Api.bearer(baseUrl(), "gqt_invalid").send(op[0], path, "application/json", "{}");
            assertThat(bogus.status()).as("bogus token on " + op[0] + " " + path).isEqualTo(401);
        }));
    }
}
