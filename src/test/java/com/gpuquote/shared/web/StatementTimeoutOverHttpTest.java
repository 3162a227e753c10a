package com.gpuquote.shared.web;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.logback.StructuredLogEncoder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18, faults: a statement that outlives {@code statement_timeout} is cancelled by PostgreSQL, and the caller
 * of the REST API hears a 503 problem with Retry-After, quickly, with nothing saved. The warning the application
 * logs for it is one ECS JSON line (the {@code json-logs} profile's format) carrying the request's id and the
 * caller's tenant. The test runs in the shared context (statement timeout 30 s, which DatabaseFaultsTest checks on
 * the runtime connections, with a real timeout over JDBC): after a second it cancels the slow statement the way the
 * timeout does, with PostgreSQL's own query cancel (SQLSTATE 57014), so it takes seconds, not 30.
 */
class StatementTimeoutOverHttpTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;

    /** Log lines of the fault handlers, encoded as the json-logs profile encodes the console. */
    private static final class EcsLines extends AppenderBase<ILoggingEvent> {
        final List<String> lines = new CopyOnWriteArrayList<>();
        final StructuredLogEncoder encoder = new StructuredLogEncoder();

        @Override
        protected void append(ILoggingEvent event) {
            lines.add(new String(encoder.encode(event), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aStatementPastTheTimeoutIsA503ProblemWithNothingSavedAndAnEcsLogLineWithRequestAndTenant() throws Exception {
        TestTenants.TestTenant tenant = testTenants.create();
        String name = "慢客户-" + UUID.randomUUID();
        String requestId = "timeout-" + UUID.randomUUID().toString().substring(0, 8);

        LoggerContext logging = (LoggerContext) LoggerFactory.getILoggerFactory();
        EcsLines ecs = new EcsLines();
        ecs.encoder.setContext(logging);
        ecs.encoder.setFormat("ecs");
        ecs.encoder.start();
        ecs.setContext(logging);
        ecs.start();
        Logger advice = logging.getLogger(UnexpectedErrorAdvice.class);
        advice.addAppender(ecs);
        // only this customer's insert is slow: 5 s, cancelled after 1 s as statement_timeout would cancel it
        try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
            st.execute("""
                    create or replace function gq_test_slow_insert() returns trigger language plpgsql as $$
                    begin
                        if new.name = '%s' then perform pg_sleep(5); end if;
                        return new;
                    end $$""".formatted(name));
            st.execute("create trigger gq_test_slow_insert before insert on customers for each row "
                    + "execute function gq_test_slow_insert()");
        }
        try {
            String body = new ObjectMapper().writeValueAsString(java.util.Map.of("name", name));
            HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/customers"))
                    .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                            (tenant.consultantEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                    .header("Content-Type", "application/json").header("X-Request-Id", requestId)
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
            long start = System.nanoTime();
            Thread canceller = new Thread(StatementTimeoutOverHttpTest::cancelTheSlowInsert, "cancel-slow-insert");
            canceller.setDaemon(true);
            canceller.start();
            HttpResponse<String> r = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
            long millis = (System.nanoTime() - start) / 1_000_000;
            canceller.join(5_000);

            assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
            assertThat(millis).as("cancelled after 1 s, not after the 5 s statement").isLessThan(4_000);
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(r.headers().firstValue("Retry-After")).hasValue("5");
            assertThat(r.headers().firstValue("X-Request-Id")).hasValue(requestId);
            JsonNode problem = new ObjectMapper().readTree(r.body());
            assertThat(problem.path("status").asInt()).isEqualTo(503);
            assertThat(problem.path("type").asText()).endsWith("/database-timeout");
            assertThat(r.body()).doesNotContainIgnoringCase("exception").doesNotContainIgnoringCase("sqlstate")
                    .doesNotContainIgnoringCase("pg_sleep").doesNotContain("at org.");
            assertThat(customersNamed(name)).as("nothing saved").isZero();

            assertThat(ecs.lines).hasSize(1);
            JsonNode line = new ObjectMapper().readTree(ecs.lines.get(0));
            assertThat(ecs.lines.get(0)).endsWith("\n").doesNotContain("\n{"); // one line, one object
            assertThat(line.path("log").path("level").asText(line.path("log.level").asText())).isEqualTo("WARN");
            assertThat(line.path("message").asText()).isEqualTo("POST /api/v1/customers answered 503: TIMEOUT");
            assertThat(line.path("requestId").asText()).isEqualTo(requestId);
            assertThat(line.path("tenantId").asText()).isEqualTo(tenant.tenant().id().value().toString());
            assertThat(line.path("userId").asText()).isNotBlank();
            assertThat(line.path("@timestamp").asText()).isNotBlank();
            assertThat(line.path("ecs").path("version").asText(line.path("ecs.version").asText())).isNotBlank();
        } finally {
            advice.detachAppender(ecs);
            try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
                st.execute("drop trigger if exists gq_test_slow_insert on customers");
                st.execute("drop function if exists gq_test_slow_insert()");
            }
        }

        // the connection the timeout struck went back to the pool in a usable state: the same write now succeeds
        Api consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
        Api.Response again = consultant.post("/api/v1/customers", java.util.Map.of("name", name));
        assertThat(again.status()).as(again.body()).isEqualTo(201);
        assertThat(customersNamed(name)).isEqualTo(1);
    }

    /** A second after the insert started sleeping, cancel it (what statement_timeout does when it strikes). */
    private static void cancelTheSlowInsert() {
        try (Connection admin = TestDatabase.adminConnection();
             PreparedStatement cancel = admin.prepareStatement("""
                     select pg_cancel_backend(pid) from pg_stat_activity
                     where datname = current_database() and wait_event = 'PgSleep' and pid <> pg_backend_pid()
                       and now() - query_start > interval '1 second'""")) {
            for (int i = 0; i < 100; i++) {
                try (ResultSet rs = cancel.executeQuery()) {
                    if (rs.next()) {
                        return;
                    }
                }
                Thread.sleep(100);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int customersNamed(String name) throws Exception {
        try (Connection admin = TestDatabase.adminConnection();
             PreparedStatement ps = admin.prepareStatement("select count(*) from customers where name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
