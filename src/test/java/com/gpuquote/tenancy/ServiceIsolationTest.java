package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.ApiTokenService;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.user.Invitation;
import com.gpuquote.user.UserAccount;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Through the services, as a signed-in tenant admin: another tenant's data neither shows nor can be changed. */
class ServiceIsolationTest extends IntegrationTest {

    @Autowired
    PopulatedTenants populated;
    @Autowired
    SignedIn signedIn;
    @Autowired
    UserService users;
    @Autowired
    AuditLog audit;
    @Autowired
    ApiTokenService tokens;
    @Autowired
    TenantService tenants;

    PopulatedTenants.Populated a;
    PopulatedTenants.Populated b;

    @BeforeEach
    void twoTenants() {
        a = populated.create();
        b = populated.create();
    }

    @Test
    void adminListingUsersSeesOnlyOwnTenant() {
        var listed = signedIn.as(a.t().adminEmail(), () -> users.list("", 0, 10_000));
        assertThat(listed).extracting(UserAccount::email)
                .contains(a.t().adminEmail(), a.t().consultantEmail())
                .doesNotContain(b.t().adminEmail(), b.t().consultantEmail(), "admin@sanfei.demo");
        // searching for B's address explicitly finds nothing either
        assertThat(signedIn.as(a.t().adminEmail(), () -> users.list(b.t().consultantEmail(), 0, 100))).isEmpty();
        assertThat(signedIn.as(a.t().adminEmail(), () -> users.count(b.t().consultantEmail()))).isZero();
        assertThat(signedIn.as(a.t().adminEmail(), () -> users.count(""))).isEqualTo(2);
    }

    @Test
    void otherTenantsUserIdAnswersNotFoundForEveryChange() {
        UserId bUser = new UserId(b.consultantUserId());
        signedIn.as(a.t().adminEmail(), () -> {
            assertThatThrownBy(() -> users.changeRoles(bUser, Set.of(Role.TENANT_ADMIN))).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> users.setEnabled(bUser, false)).isInstanceOf(NotFoundException.class);
            assertThatThrownBy(() -> users.unlock(bUser)).isInstanceOf(NotFoundException.class);
        });
        // unknown ids answer exactly the same
        UserId unknown = new UserId(UUID.randomUUID());
        signedIn.as(a.t().adminEmail(), () ->
                assertThatThrownBy(() -> users.setEnabled(unknown, false)).isInstanceOf(NotFoundException.class));
        // and B's user is untouched
        var bUsers = signedIn.as(b.t().adminEmail(), () -> users.list("", 0, 100));
        assertThat(bUsers).filteredOn(u -> u.id().equals(bUser)).singleElement()
                .satisfies(u -> {
                    assertThat(u.roles()).containsExactly(Role.CONSULTANT);
                    assertThat(u.enabled()).isTrue();
                });
    }

    @Test
    void invitationsAuditAndTokensAreTenantScoped() {
        var bInvitation = signedIn.as(b.t().adminEmail(), () -> users.pendingInvitations()).get(0);
        signedIn.as(a.t().adminEmail(), () -> {
            assertThat(users.pendingInvitations()).extracting(Invitation::id).doesNotContain(bInvitation.id());
            assertThatThrownBy(() -> users.revokeInvitation(bInvitation.id())).isInstanceOf(NotFoundException.class);
            assertThat(audit.find(AuditLog.Filter.NONE, 0, 10_000)).extracting(AuditEvent::entityId)
                    .doesNotContain(b.tokenId().toString(), b.consultantUserId().toString(), bInvitation.id().toString());
            assertThatThrownBy(() -> tokens.revoke(new com.gpuquote.security.ApiTokenId(b.tokenId()))).isInstanceOf(NotFoundException.class);
            assertThat(tenants.current().id().value()).isEqualTo(a.id());
        });
        assertThat(signedIn.as(b.t().adminEmail(), () -> users.pendingInvitations()))
                .extracting(Invitation::id).contains(bInvitation.id());
        assertThat(signedIn.as(b.t().adminEmail(), () -> tokens.mine()))
                .filteredOn(t -> t.id().value().equals(b.tokenId())).singleElement()
                .satisfies(t -> assertThat(t.revokedAt()).isNull());
    }
}
