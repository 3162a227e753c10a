package com.gpuquote.tenancy;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.tenancy.internal.TenantAwareTransactionManager;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * With one physical connection reused for every transaction (a pool of size 1), a tenant set for one transaction
 * never leaks into the next one or into work outside a transaction.
 */
class PooledConnectionIsolationTest extends IntegrationTest {

    @Autowired
    PopulatedTenants populated;

    @Autowired
    com.gpuquote.SignedIn signedIn;

    HikariDataSource pool;
    JdbcClient jdbc;
    TransactionTemplate tx;

    @BeforeEach
    void onePhysicalConnection() {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(TestDatabase.URL);
        config.setUsername(TestDatabase.APP_USER);
        config.setPassword(TestDatabase.APP_PASSWORD);
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        config.setPoolName("isolation-test");
        pool = new HikariDataSource(config);
        jdbc = JdbcClient.create(pool);
        tx = new TransactionTemplate(new TenantAwareTransactionManager(pool));
    }

    @AfterEach
    void close() {
        pool.close();
    }

    @Test
    void tenantOfOneTransactionNeverReachesTheNextOnTheSameConnection() {
        var a = populated.create();
        var b = populated.create();

        Seen inA = TenantContext.runAs(TenantContext.Scope.tenant(a.t().tenant().id()), () -> tx.execute(s -> seen()));
        Seen inB = TenantContext.runAs(TenantContext.Scope.tenant(b.t().tenant().id()), () -> tx.execute(s -> seen()));
        Seen outside = seen();

        assertThat(inB.backendPid()).as("same physical connection").isEqualTo(inA.backendPid());
        assertThat(outside.backendPid()).isEqualTo(inA.backendPid());

        assertThat(inA.userTenants()).containsOnly(a.id());
        assertThat(inA.users()).contains(a.adminUserId(), a.consultantUserId());
        assertThat(inB.userTenants()).containsOnly(b.id());
        assertThat(inB.users()).doesNotContain(a.adminUserId(), a.consultantUserId())
                .contains(b.adminUserId(), b.consultantUserId());
        assertThat(inB.tokenTenants()).containsOnly(b.id());

        assertThat(outside.users()).as("outside a transaction no tenant is set").isEmpty();
        assertThat(outside.tokenTenants()).isEmpty();
        assertThat(outside.setting()).isNullOrEmpty();
    }

    @Test
    void aTransactionWithoutATenantAfterATenantsTransactionSeesNothing() {
        var a = populated.create();
        TenantContext.runAs(TenantContext.Scope.tenant(a.t().tenant().id()), () -> tx.execute(s -> seen()));
        Seen none = TenantContext.runAs(TenantContext.Scope.NONE, () -> tx.execute(s -> seen()));
        assertThat(none.users()).isEmpty();
        assertThat(none.setting()).isNullOrEmpty();
    }

    @Test
    void aRolledBackTransactionLeavesNoTenantBehind() {
        var a = populated.create();
        assertThatThrownBy(() -> TenantContext.runAs(TenantContext.Scope.tenant(a.t().tenant().id()),
                () -> tx.execute(s -> {
                    assertThat(seen().users()).isNotEmpty();
                    throw new IllegalStateException("boom");
                }))).hasMessage("boom");
        assertThat(seen().users()).isEmpty();
        assertThat(seen().setting()).isNullOrEmpty();
    }

    @Test
    void theTenantComesFromTheSignedInPrincipal() {
        var a = populated.create();
        var b = populated.create();
        Seen asA = signedIn.as(a.t().consultantEmail(), () -> tx.execute(s -> seen()));
        assertThat(asA.userTenants()).containsOnly(a.id());
        assertThat(asA.users()).doesNotContain(b.adminUserId());
        assertThat(seen().users()).isEmpty();
    }

    record Seen(int backendPid, String setting, List<UUID> users, List<UUID> userTenants, List<UUID> tokenTenants) {
    }

    private Seen seen() {
        return new Seen(
                jdbc.sql("select pg_backend_pid()").query(Integer.class).single(),
                jdbc.sql("select current_setting('app.tenant_id', true)").query(String.class).single(),
                jdbc.sql("select id from app_users").query(UUID.class).list(),
                jdbc.sql("select distinct tenant_id from app_users").query(UUID.class).list(),
                jdbc.sql("select distinct tenant_id from api_tokens").query(UUID.class).list());
    }
}
