package com.gpuquote.shared.web;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * REST requests (ADR 1856) beyond {@code gpuquote.api.max-concurrent-requests} wait their turn and are
 * then served; one that waits longer than {@code gpuquote.api.max-queue-wait} hears a 503 problem with Retry-After
 * while the request ahead of it is still running, and nothing of it is saved; a burst of refusals logs one warning.
 * The shared context's limiter is narrowed for the class: one request at a time, two seconds in the queue. The request that keeps the slot taken is a
 * customer insert held by an advisory lock the test owns, so the test decides when it ends.
 */
class ApiConcurrencyLimitTest extends NarrowedLimitsTest {
    private static final long HOLD_KEY = 7_318_205_441L;

    @Autowired
    TestTenants testTenants;
    @Autowired
    MeterRegistry meters;

    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aRequestBeyondTheLimitWaitsItsTurnAndOnesThatWaitTooLongAre503sWithNothingSaved() throws Exception {
        TestTenants.TestTenant tenant = testTenants.create();
        String auth = "Basic " + Base64.getEncoder().encodeToString(
                (tenant.consultantEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8));
        String held = "排队-" + UUID.randomUUID();
        try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
            st.execute("""
                    create or replace function gq_test_held_insert() returns trigger language plpgsql as $$
                    begin
                        if new.name like '%s%%' then perform pg_advisory_xact_lock(%d); end if;
                        return new;
                    end $$""".formatted(held, HOLD_KEY));
            st.execute("create trigger gq_test_held_insert before insert on customers for each row "
                    + "execute function gq_test_held_insert()");
        }
        double refusedBefore = refusedCount();
        Logger logger = (Logger) LoggerFactory.getLogger(ApiConcurrencyLimit.class);
        ListAppender<ILoggingEvent> warnings = new ListAppender<>();
        warnings.start();
        logger.addAppender(warnings);
        try (Connection holder = TestDatabase.adminConnection()) {
            // 1. the only slot is taken; a read arriving now waits for it and is then answered
            hold(holder);
            CompletableFuture<HttpResponse<String>> first = send(post(auth, held + "-1"));
            awaitValue(limit::running, 1);
            CompletableFuture<HttpResponse<String>> waiting = send(HttpRequest.newBuilder(
                    URI.create(baseUrl() + "/api/v1/customers?q=" + UUID.randomUUID())).header("Authorization", auth)
                    .GET().build());
            awaitValue(limit::waiting, 1);
            assertThat(waiting).as("waits while the slot is taken").isNotDone();
            release(holder);
            assertThat(first.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(201);
            HttpResponse<String> served = waiting.get(20, TimeUnit.SECONDS);
            assertThat(served.statusCode()).as(served.body()).isEqualTo(200);

            // 2. the slot stays taken past the queue's two seconds: both waiting writes are refused, the running one
            //    is not, and the flood of refusals writes one warning
            hold(holder);
            CompletableFuture<HttpResponse<String>> running = send(post(auth, held + "-2"));
            awaitValue(limit::running, 1);
            String refusedName = "拒绝-" + UUID.randomUUID();
            String refusedName2 = "拒绝-" + UUID.randomUUID();
            CompletableFuture<HttpResponse<String>> refusedLater = send(post(auth, refusedName2));
            HttpResponse<String> refused = http.send(post(auth, refusedName), HttpResponse.BodyHandlers.ofString());
            assertThat(refusedLater.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(503);
            assertThat(running).as("the 503s came while the request ahead still ran").isNotDone();
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("5");
            assertThat(refused.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            JsonNode problem = json.readTree(refused.body());
            assertThat(problem.path("status").asInt()).isEqualTo(503);
            assertThat(problem.path("type").asText()).endsWith("/server-busy");
            assertThat(problem.path("detail").asText()).contains("busy");
            assertThat(warnings.list).as("one warning for the two refusals").hasSize(1);
            assertThat(warnings.list.get(0).getLevel()).isEqualTo(Level.WARN);
            assertThat(warnings.list.get(0).getFormattedMessage()).startsWith("POST /api/v1/customers answered 503");
            release(holder);
            assertThat(running.get(20, TimeUnit.SECONDS).statusCode()).isEqualTo(201);

            assertThat(customersNamed(refusedName) + customersNamed(refusedName2))
                    .as("nothing of the refused requests saved").isZero();
            assertThat(customersNamed(held + "-1") + customersNamed(held + "-2")).isEqualTo(2);
            assertThat(refusedCount() - refusedBefore).isEqualTo(2.0);
            assertThat(limit.running()).as("every slot given back").isZero();
            assertThat(limit.waiting()).isZero();
        } finally {
            logger.detachAppender(warnings);
            try (Connection admin = TestDatabase.adminConnection(); Statement st = admin.createStatement()) {
                st.execute("drop trigger if exists gq_test_held_insert on customers");
                st.execute("drop function if exists gq_test_held_insert()");
            }
        }
    }

    private HttpRequest post(String auth, String customerName) throws Exception {
        return HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/customers"))
                .header("Authorization", auth).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(Map.of("name", customerName))))
                .build();
    }

    private CompletableFuture<HttpResponse<String>> send(HttpRequest request) {
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }

    private double refusedCount() {
        return meters.counter("gpuquote.api.requests.refused").count();
    }

    private static void hold(Connection holder) throws Exception {
        try (Statement st = holder.createStatement()) {
            st.execute("select pg_advisory_lock(" + HOLD_KEY + ")");
        }
    }

    private static void release(Connection holder) throws Exception {
        try (Statement st = holder.createStatement()) {
            st.execute("select pg_advisory_unlock(" + HOLD_KEY + ")");
        }
    }

    /** Polls until {@code value} reads {@code expected}; the requests run on the server's threads. */
    private static void awaitValue(IntSupplier value, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (value.getAsInt() != expected) {
            assertThat(System.nanoTime()).as("waited 20 s for %d", expected).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static long customersNamed(String name) throws Exception {
        return ((Number) TestDatabase.adminRows("select count(*) from customers where name = ?", name).get(0)[0])
                .longValue();
    }
}
