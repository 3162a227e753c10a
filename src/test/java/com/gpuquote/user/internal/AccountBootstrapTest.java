package com.gpuquote.user.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GPUQUOTE_BOOTSTRAP_ADMIN_*: the first platform admin is created from the settings while no platform admin exists,
 * and the settings are ignored afterwards. The shared database always has the demo platform admin, so the "none
 * exists yet" case runs inside one platform transaction that removes the platform accounts and is rolled back.
 */
class AccountBootstrapTest extends IntegrationTest {

    @Autowired
    UserService users;
    @Autowired
    JdbcClient jdbc;
    @Autowired
    PlatformTransactionManager txm;

    @Test
    void createsTheFirstPlatformAdminOnceThenIgnoresTheSettings() {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String first = "root-" + suffix + "@test.example";
        String second = "second-" + suffix + "@test.example";
        TransactionTemplate tx = new TransactionTemplate(txm);
        TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.executeWithoutResult(status -> {
            status.setRollbackOnly();
            jdbc.sql("delete from api_tokens where tenant_id is null").update();
            jdbc.sql("delete from app_users where tenant_id is null").update();
            assertThat(platformAdmins()).isEmpty();

            assertThat(new AccountBootstrap(users, first, "Bootstrap-Passphrase-2026", "").bootstrap())
                    .as("no platform admin yet: created").isTrue();
            List<Map<String, Object>> admins = platformAdmins();
            assertThat(admins).hasSize(1);
            assertThat(admins.get(0)).containsEntry("email", first).containsEntry("display_name", "平台管理员");
            assertThat((String) admins.get(0).get("password_hash")).startsWith("$argon2id$v=19$");
            assertThat(jdbc.sql("select action from platform_audit_events where details->>'email' = ?")
                    .param(first).query(String.class).list()).as("audited for the platform").containsExactly("USER_CREATED");

            assertThat(new AccountBootstrap(users, second, "Another-Passphrase-2026", "Root").bootstrap())
                    .as("a platform admin exists: settings ignored").isFalse();
            assertThat(new AccountBootstrap(users, first, "Changed-Passphrase-2026", "Root").bootstrap()).isFalse();
            assertThat(platformAdmins()).hasSize(1).first()
                    .satisfies(a -> assertThat(a).containsEntry("email", first).containsEntry("display_name", "平台管理员"));
        }));
        assertThat(jdbc.sql("select count(*) from gq_login_lookup(?)").param(first).query(Integer.class).single())
                .as("rolled back").isZero();
    }

    @Test
    void withoutSettingsNothingIsCreatedAndTheConfiguredNameIsUsed() {
        assertThat(new AccountBootstrap(users, "", "", "").bootstrap()).isFalse();
        assertThat(new AccountBootstrap(users, "x@test.example", " ", "").bootstrap()).isFalse();
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String email = "named-" + suffix + "@test.example";
        TransactionTemplate tx = new TransactionTemplate(txm);
        TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.executeWithoutResult(status -> {
            status.setRollbackOnly();
            jdbc.sql("delete from api_tokens where tenant_id is null").update();
            jdbc.sql("delete from app_users where tenant_id is null").update();
            assertThat(new AccountBootstrap(users, email, "Bootstrap-Passphrase-2026", " Ops Team ").bootstrap()).isTrue();
            assertThat(platformAdmins()).singleElement()
                    .satisfies(a -> assertThat(a).containsEntry("display_name", "Ops Team"));
        }));
    }

    private List<Map<String, Object>> platformAdmins() {
        return jdbc.sql("select email, display_name, password_hash from app_users where tenant_id is null")
                .query().listOfRows();
    }
}
