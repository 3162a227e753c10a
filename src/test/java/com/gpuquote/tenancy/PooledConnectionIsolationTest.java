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
import java.util.Map;
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

    @Autowired
    org.springframework.security.core.userdetails.UserDetailsService userDetails;
    @Autowired
    org.springframework.security.crypto.password.PasswordEncoder passwordEncoder;

    /**
     * The wording: with a pool of size 1, a request for tenant A followed by one for tenant B never sees A's
     * rows. Each "request" authenticates with email and password through Spring Security's own provider (the principal
     * a login puts in the security context), then runs its transaction through the real TenantAwareTransactionManager
     * on the one pooled connection, and reads every tenant-owned table the catalog lists.
     */
    @Test
    void aRequestForTenantBAfterOneForTenantAOnTheOnlyConnectionSeesNoneOfAsRows() {
        var a = populated.create();
        var b = populated.create();
        List<String> tables = JdbcClient.create(pool).sql("""
                        select c.table_name from information_schema.columns c
                        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
                        where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
                        order by 1""").query(String.class).list();
        assertThat(tables).contains("app_users", "invitations", "audit_events", "api_tokens", "mail_outbox");

        var provider = new org.springframework.security.authentication.dao.DaoAuthenticationProvider(userDetails);
        provider.setPasswordEncoder(passwordEncoder);
        Request asA = request(provider, a.t().consultantEmail(), tables);
        Request asB = request(provider, b.t().consultantEmail(), tables);

        assertThat(asB.backendPid()).as("the same physical connection served both").isEqualTo(asA.backendPid());
        assertThat(asA.rowsOf(a.id())).as("A sees its own rows").containsKeys(
                PopulatedTenants.TABLES.stream().filter(x -> !x.equals("tenants")).toArray(String[]::new));
        assertThat(asB.rowsOf(a.id())).as("B sees none of A's rows in any table").isEmpty();
        assertThat(asB.visibleTenants()).containsOnly(b.id());
        assertThat(asB.rowsOf(b.id())).as("B sees its own").containsKeys("app_users", "invitations", "api_tokens");
        assertThat(seen().users()).as("and after both, outside a transaction, nothing").isEmpty();
    }

    /** What one request saw: per table, the tenants whose rows were visible (and how many). */
    record Request(int backendPid, Map<String, Map<UUID, Integer>> rows, List<UUID> visibleTenants) {
        Map<String, Integer> rowsOf(UUID tenant) {
            Map<String, Integer> result = new java.util.TreeMap<>();
            rows.forEach((table, byTenant) -> {
                if (byTenant.containsKey(tenant)) {
                    result.put(table, byTenant.get(tenant));
                }
            });
            return result;
        }
    }

    private Request request(org.springframework.security.authentication.AuthenticationProvider provider, String email,
                            List<String> tables) {
        var auth = provider.authenticate(org.springframework.security.authentication.UsernamePasswordAuthenticationToken
                .unauthenticated(email, com.gpuquote.TestTenants.PASSWORD));
        assertThat(auth.getPrincipal()).isInstanceOf(com.gpuquote.security.GpuQuoteUser.class);
        var context = org.springframework.security.core.context.SecurityContextHolder.createEmptyContext();
        context.setAuthentication(auth);
        org.springframework.security.core.context.SecurityContextHolder.setContext(context);
        try {
            return tx.execute(s -> {
                Map<String, Map<UUID, Integer>> rows = new java.util.TreeMap<>();
                for (String table : tables) {
                    Map<UUID, Integer> byTenant = new java.util.HashMap<>();
                    jdbc.sql("select tenant_id, count(*) as n from " + table + " group by tenant_id")
                            .query((rs, n) -> byTenant.put(rs.getObject("tenant_id", UUID.class), rs.getInt("n")))
                            .list();
                    rows.put(table, byTenant);
                }
                return new Request(jdbc.sql("select pg_backend_pid()").query(Integer.class).single(), rows,
                        jdbc.sql("select id from tenants").query(UUID.class).list());
            });
        } finally {
            org.springframework.security.core.context.SecurityContextHolder.clearContext();
        }
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
