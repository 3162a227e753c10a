package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/** Races through the real server: twenty approvals, parallel numbering. */
@CalendarTest
class QuoteConcurrencyApiTest extends QuoteApiSupport {

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    @Test
    void twentyConcurrentApprovalsExactlyOneSucceeds() throws Exception {
        String id = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of())).path("id").asText();
        assertThat(consultant.post("/api/v1/quotes/" + id + "/submit", Map.of()).json().path("status").asText())
                .isEqualTo("PENDING_APPROVAL");
        Api approver = Api.bearer(baseUrl(), fixtures.token(tenant.adminEmail()));
        List<Integer> statuses = race(20, i -> approver.post("/api/v1/quotes/" + id + "/approve",
                Map.of("comment", "approval " + i)).status());
        assertThat(statuses.stream().filter(s -> s == 200).count()).as(statuses.toString()).isEqualTo(1);
        assertThat(statuses.stream().filter(s -> s == 409).count()).as(statuses.toString()).isEqualTo(19);
        JsonNode q = admin.get("/api/v1/quotes/" + id).json();
        assertThat(q.path("status").asText()).isEqualTo("APPROVED");
        assertThat(q.path("approval").path("comment").asText()).startsWith("approval ");
    }

    @Test
    void parallelCreatesGetGaplessNumbers() throws Exception {
        Api api = Api.bearer(baseUrl(), fixtures.token(tenant.consultantEmail()));
        List<String> numbers = race(10, i -> api.post("/api/v1/quotes", quoteBody(project)).json()
                .path("number").asText());
        String year = String.valueOf(today().getYear());
        assertThat(numbers).containsExactlyInAnyOrderElementsOf(IntStream.rangeClosed(1, 10)
                .mapToObj(n -> String.format("Q-%s-%04d", year, n)).toList());
        // a refused create (bad input) does not burn a number
        assertThat(api.post("/api/v1/quotes", quoteBody(project, option(List.of(line("ecs.nope.x", "HOURLY", 1, 1)),
                List.of()))).status()).isEqualTo(400);
        assertThat(api.post("/api/v1/quotes", quoteBody(project)).json().path("number").asText())
                .isEqualTo(String.format("Q-%s-%04d", year, 11));
    }

    @Test
    void concurrentEditsOfOneDraftOneWinsTheOthersGet409() throws Exception {
        JsonNode q = createQuote(consultant, project, option(List.of(line(A10, "HOURLY", 1, 1)), List.of()));
        String id = q.path("id").asText();
        int version = q.path("rowVersion").asInt();
        Api api = Api.bearer(baseUrl(), fixtures.token(tenant.consultantEmail()));
        List<Integer> statuses = race(6, i -> api.put("/api/v1/quotes/" + id, Map.of("version", version,
                "options", List.of(option(List.of(line(A10, "HOURLY", i + 1, 1)), List.of()),
                        option(List.of(line(A10, "MONTHLY", 1, 2)), List.of())))).status());
        assertThat(statuses.stream().filter(s -> s == 200).count()).as(statuses.toString()).isEqualTo(1);
        assertThat(statuses.stream().filter(s -> s == 409).count()).as(statuses.toString()).isEqualTo(5);
        JsonNode after = consultant.get("/api/v1/quotes/" + id).json();
        assertThat(after.path("options")).hasSize(2);
        assertThat(after.path("rowVersion").asInt()).isEqualTo(version + 1);
    }

    interface Call<T> {
        T call(int i) throws Exception;
    }

    private static <T> List<T> race(int n, Call<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<T>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit((Callable<T>) () -> {
                    start.await();
                    return call.call(index);
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
