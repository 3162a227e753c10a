package com.gpuquote.shared.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.WebSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import javax.sql.DataSource;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, faults: the database down, the pool exhausted, a row lock held by someone else. Each answers a clean
 * problem (503, or 409 for the lock) quickly, with no SQL or stack trace, and the app recovers by itself.
 */
class DatabaseFaultsTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    DataSource dataSource;

    TestTenants.TestTenant tenant;
    Api consultant;

    @BeforeEach
    void setUp() {
        tenant = testTenants.create();
        consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
    }

    @Test
    void databaseDownIs503ProblemHealthDownAFriendlyPageAndRecoversWithoutRestart() throws Exception {
        assertThat(consultant.get("/api/v1/customers").status()).isEqualTo(200);
        WebSession browser = new WebSession(baseUrl()).login(tenant.consultantEmail(), TestTenants.PASSWORD);
        assertThat(browser.get("/").statusCode()).isEqualTo(200);

        try {
            refuseConnections();

            long start = System.nanoTime();
            Api.Response api = consultant.get("/api/v1/customers");
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(api.status()).as(api.body()).isEqualTo(503);
            assertThat(millis).as("answers within the 3 s connection timeout, not hangs").isLessThan(10_000);
            assertThat(api.header("Content-Type")).startsWith("application/problem+json");
            assertThat(api.header("Retry-After")).isEqualTo("5");
            assertThat(api.json().path("status").asInt()).isEqualTo(503);
            assertThat(api.json().path("type").asText()).endsWith("/database-unavailable");
            assertNoInternals(api.body());

            Api.Response health = Api.anonymous(baseUrl()).get("/actuator/health");
            assertThat(health.status()).isEqualTo(503);
            assertThat(health.json().path("status").asText()).isEqualTo("DOWN");
            assertNoInternals(health.body());
            Api.Response database = Api.anonymous(baseUrl()).get("/actuator/health/database");
            assertThat(database.status()).isEqualTo(503);
            assertThat(database.json().path("status").asText()).isEqualTo("DOWN");

            HttpResponse<String> page = browser.get("/");
            assertThat(page.statusCode()).isEqualTo(503);
            assertThat(page.headers().firstValue("Content-Type").orElse("")).startsWith("text/html");
            assertThat(page.body()).contains("服务暂时不可用").contains("id=\"error-page\"");
            assertNoInternals(page.body());
        } finally {
            allowConnections();
        }

        // recovers by itself: the pool opens new connections as soon as the database takes them again
        long deadline = System.nanoTime() + 15_000_000_000L;
        int status = 0;
        while (System.nanoTime() < deadline) {
            status = consultant.get("/api/v1/customers").status();
            if (status == 200) {
                break;
            }
            Thread.sleep(250);
        }
        assertThat(status).as("2xx again within 15 s").isEqualTo(200);
        assertThat(Api.anonymous(baseUrl()).get("/actuator/health").json().path("status").asText()).isEqualTo("UP");
        assertThat(Api.anonymous(baseUrl()).get("/actuator/health/database").json().path("status").asText())
                .isEqualTo("UP");
        assertThat(browser.get("/").statusCode()).isEqualTo(200);
    }

    @Test
    void anExhaustedPoolIs503WithinTheConnectionTimeoutInsteadOfHanging() throws Exception {
        List<Connection> held = new ArrayList<>();
        try {
            // take every connection of the runtime pool (10 by default) for ourselves
            while (true) {
                try {
                    held.add(dataSource.getConnection());
                } catch (SQLException poolEmpty) {
                    break; // the pool's own connection timeout: it has no more to give
                }
            }
            assertThat(held).hasSizeGreaterThanOrEqualTo(10);
            long start = System.nanoTime();
            Api.Response r = consultant.post("/api/v1/customers", Map.of("name", "池满时的客户"));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(r.status()).as(r.body()).isEqualTo(503);
            assertThat(millis).isLessThan(10_000);
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            assertNoInternals(r.body());
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        // nothing was half-saved, and the pool serves again
        Api.Response list = consultant.get("/api/v1/customers");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()).doesNotContain("池满时的客户");
    }

    @Test
    void aRowLockedBySomeoneElseIs409WithinTheLockTimeoutAndNothingChanges() throws Exception {
        Api.Response created = consultant.post("/api/v1/customers", Map.of("name", "锁定的客户"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        int version = created.json().path("version").asInt();

        try (Connection locker = TestDatabase.adminConnection()) {
            locker.setAutoCommit(false);
            try (PreparedStatement lock = locker.prepareStatement("select 1 from customers where id = ? for update")) {
                lock.setObject(1, UUID.fromString(id));
                lock.executeQuery();
            }
            long start = System.nanoTime();
            Api.Response r = consultant.put("/api/v1/customers/" + id, Map.of("name", "改名", "version", version));
            long millis = (System.nanoTime() - start) / 1_000_000;
            locker.rollback();

            assertThat(r.status()).as(r.body()).isEqualTo(409);
            // lock_timeout is 5 s: it gave up after about that, instead of waiting for the lock forever
            assertThat(millis).isBetween(4_000L, 15_000L);
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            assertThat(r.json().path("code").asText()).isEqualTo("locked");
            assertNoInternals(r.body());
        }
        JsonNode after = consultant.get("/api/v1/customers/" + id).json();
        assertThat(after.path("name").asText()).isEqualTo("锁定的客户");
        assertThat(after.path("version").asInt()).isEqualTo(version);
        // and once the lock is gone the same write goes through
        assertThat(consultant.put("/api/v1/customers/" + id, Map.of("name", "改名", "version", version)).status())
                .isEqualTo(200);
    }

    @Test
    void runtimeConnectionsCarryTheTimeoutsAndAStatementTimeoutIsA503Fault() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            try (var rs = st.executeQuery("select current_setting('statement_timeout'), current_setting('lock_timeout')")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("30s");
                assertThat(rs.getString(2)).isEqualTo("5s");
            }
        }
        // what PostgreSQL raises when statement_timeout strikes, as Spring hands it to the application
        var jdbc = new org.springframework.jdbc.core.JdbcTemplate(dataSource);
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> jdbc.execute(
                (java.sql.Connection c) -> {
                    c.setAutoCommit(false);
                    try (Statement st = c.createStatement()) {
                        st.execute("set local statement_timeout = '200ms'");
                        st.execute("select pg_sleep(2)");
                    } finally {
                        c.rollback();
                        c.setAutoCommit(true);
                    }
                    return null;
                }));
        assertThat(thrown).isNotNull();
        assertThat(DatabaseFaults.classify(thrown)).isEqualTo(DatabaseFaults.Fault.TIMEOUT);
        assertThat(DatabaseFaults.Fault.TIMEOUT.status).isEqualTo(503);
    }

    private static void assertNoInternals(String body) {
        assertThat(body).doesNotContainIgnoringCase("exception")
                .doesNotContainIgnoringCase("select ")
                .doesNotContainIgnoringCase("sqlstate")
                .doesNotContain("at com.").doesNotContain("at org.")
                .doesNotContain(TestDatabase.NAME);
    }

    /** As an operator would take the database away: no new connections, every existing one ended. */
    private static void refuseConnections() throws SQLException {
        try (Connection c = postgres(); Statement st = c.createStatement()) {
            st.execute("alter database " + TestDatabase.NAME + " with allow_connections false");
            try (PreparedStatement kill = c.prepareStatement(
                    "select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()")) {
                kill.setString(1, TestDatabase.NAME);
                kill.executeQuery();
            }
        }
    }

    private static void allowConnections() throws SQLException {
        try (Connection c = postgres(); Statement st = c.createStatement()) {
            st.execute("alter database " + TestDatabase.NAME + " with allow_connections true");
        }
    }

    private static Connection postgres() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + TestDatabase.SERVER + "/postgres",
                TestDatabase.ADMIN_USER, TestDatabase.ADMIN_PASSWORD);
    }
}
