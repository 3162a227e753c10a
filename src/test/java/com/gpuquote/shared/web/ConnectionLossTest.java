package com.gpuquote.shared.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 44: the connection of a running request is lost (here: its backend terminated from the admin connection, as
 * a restart or a failover does, without touching the shared server), once in the middle of a statement and once
 * during the COMMIT. Either way the client hears 503 database-unavailable with Retry-After, never 500, nothing of the
 * request is saved, and the next request is served. The request is held at the chosen point by a trigger that waits
 * on an advisory lock the test owns: a plain one before the insert, a deferred constraint trigger at commit.
 */
class ConnectionLossTest extends IntegrationTest {
    private static final long HOLD_KEY = 7_318_205_442L;

    @Autowired
    TestTenants testTenants;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"statement", "commit"})
    void aLostConnectionIsA503WithRetryAfterAndNothingSaved(String where) throws Exception {
        TestTenants.TestTenant tenant = testTenants.create();
        String auth = "Basic " + Base64.getEncoder().encodeToString(
                (tenant.consultantEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8));
        String name = "断线-" + UUID.randomUUID();
        try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
            st.execute("""
                    create or replace function gq_test_lost() returns trigger language plpgsql as $$
                    begin
                        if new.name = '%s' then perform pg_advisory_xact_lock(%d); end if;
                        return new;
                    end $$""".formatted(name, HOLD_KEY));
            st.execute(where.equals("commit")
                    ? "create constraint trigger gq_test_lost after insert on customers deferrable initially deferred"
                            + " for each row execute function gq_test_lost()"
                    : "create trigger gq_test_lost before insert on customers for each row "
                            + "execute function gq_test_lost()");
        }
        try (Connection holder = TestDatabase.adminConnection(); Statement hold = holder.createStatement()) {
            hold.execute("select pg_advisory_lock(" + HOLD_KEY + ")");
            CompletableFuture<HttpResponse<String>> lost = http.sendAsync(HttpRequest.newBuilder(
                            URI.create(baseUrl() + "/api/v1/customers")).header("Authorization", auth)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("name", name)))).build(),
                    HttpResponse.BodyHandlers.ofString());
            int pid = waitingBackend();
            hold.execute("select pg_terminate_backend(" + pid + ")");
            HttpResponse<String> r = lost.get(30, TimeUnit.SECONDS);
            hold.execute("select pg_advisory_unlock(" + HOLD_KEY + ")");

            assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
            assertThat(r.headers().firstValue("Retry-After")).hasValue("5");
            JsonNode problem = json.readTree(r.body());
            assertThat(problem.path("type").asText()).endsWith("/database-unavailable");
            assertThat(r.body()).doesNotContain("Exception").doesNotContain("terminating").doesNotContain("JDBC");
        } finally {
            try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
                st.execute("drop trigger if exists gq_test_lost on customers");
                st.execute("drop function if exists gq_test_lost()");
            }
        }
        assertThat(TestDatabase.adminRows("select count(*) from customers where name = ?", name).get(0)[0])
                .as("nothing saved").isEqualTo(0L);
        HttpResponse<String> next = http.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/customers"))
                .header("Authorization", auth).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("name", name + "-2"))))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(next.statusCode()).as("the next request is served: " + next.body()).isEqualTo(201);
    }

    /** The application's backend that waits on the test's advisory lock. */
    private static int waitingBackend() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            List<Object[]> rows = TestDatabase.adminRows("select pid from pg_locks where locktype = 'advisory' "
                    + "and not granted and database = (select oid from pg_database where datname = current_database())");
            if (!rows.isEmpty()) {
                return ((Number) rows.get(0)[0]).intValue();
            }
            assertThat(System.nanoTime()).as("a backend waits on the lock within 20 s").isLessThan(deadline);
            Thread.sleep(20);
        }
    }
}
