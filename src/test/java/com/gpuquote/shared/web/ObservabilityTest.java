package com.gpuquote.shared.web;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 18, operations: request and tenant ids in the logs, the Prometheus scrape and the business metrics. */
class ObservabilityTest extends IntegrationTest {

    /** application-test.properties' gpuquote.metrics.scrape-token */
    static final String SCRAPE_TOKEN = "test-scrape-token-1234567890";

    @Autowired
    TestTenants testTenants;

    @Test
    void everyLogLineOfARequestCarriesItsRequestIdAndTheCallersTenant() {
        TestTenants.TestTenant tenant = testTenants.create();
        Api consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
        Logger requests = (Logger) LoggerFactory.getLogger("com.gpuquote.request");
        Level before = requests.getLevel();
        ListAppender<ILoggingEvent> captured = new ListAppender<>();
        captured.start();
        requests.addAppender(captured);
        requests.setLevel(Level.DEBUG);
        try {
            Api.Response given = consultant.getWithHeader("/api/v1/customers", "X-Request-Id", "nginx-4711.abc");
            assertThat(given.status()).isEqualTo(200);
            assertThat(given.header("X-Request-Id")).isEqualTo("nginx-4711.abc");

            Api.Response generated = consultant.get("/api/v1/customers");
            String id = generated.header("X-Request-Id");
            assertThat(id).matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

            // a forged id (a line break, something that is not a plain token) is replaced, not echoed
            Api.Response forged = consultant.getWithHeader("/api/v1/customers", "X-Request-Id", "a b<script>");
            assertThat(forged.header("X-Request-Id")).isNotEqualTo("a b<script>").hasSize(36);

            String tenantId = tenant.tenant().id().value().toString();
            assertThat(eventOf(captured.list, "nginx-4711.abc").getMDCPropertyMap())
                    .containsEntry("tenantId", tenantId).containsKey("userId");
            ILoggingEvent second = eventOf(captured.list, id);
            assertThat(second.getMDCPropertyMap()).containsEntry("tenantId", tenantId);
            assertThat(second.getFormattedMessage()).isEqualTo("GET /api/v1/customers 200 " + second.getArgumentArray()[3] + " ms");
        } finally {
            requests.detachAppender(captured);
            requests.setLevel(before);
        }
    }

    @Test
    void theScrapeNeedsItsTokenAndShowsSizingCallsAndPricedQuotes() {
        assertThat(Api.anonymous(baseUrl()).get("/actuator/prometheus").status()).isEqualTo(401);
        assertThat(Api.bearer(baseUrl(), "wrong-token").get("/actuator/prometheus").status()).isEqualTo(401);
        TestTenants.TestTenant tenant = testTenants.create();
        Api consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
        // a tenant user's own credentials are no scrape credential
        assertThat(consultant.get("/actuator/prometheus").status()).isEqualTo(401);

        String before = scrape();
        BigDecimal sized = value(before, "gpuquote_sizing_calls_total", "operation=\"size\"");
        BigDecimal created = value(before, "gpuquote_quotes_priced_total", "operation=\"create\"");

        assertThat(consultant.post("/api/v1/sizing", """
                {"workload":"INFERENCE","model":{"preset":"llama-2-7b"},"precision":"FP16","sequenceLength":4096}""")
                .status()).isEqualTo(200);
        String customerId = consultant.post("/api/v1/customers", Map.of("name", "指标客户")).json().path("id").asText();
        String projectId = consultant.post("/api/v1/projects", Map.of("customerId", customerId, "name", "推理"))
                .json().path("id").asText();
        assertThat(consultant.post("/api/v1/quotes", Map.of("projectId", projectId, "options", List.of())).status())
                .isEqualTo(201);

        String after = scrape();
        assertThat(value(after, "gpuquote_sizing_calls_total", "operation=\"size\"")).isEqualByComparingTo(sized.add(BigDecimal.ONE));
        assertThat(value(after, "gpuquote_quotes_priced_total", "operation=\"create\"")).isEqualByComparingTo(created.add(BigDecimal.ONE));
        // the scrape is Prometheus text, with the JVM's and the pool's own metrics next to ours
        assertThat(after).contains("# TYPE gpuquote_sizing_calls_total counter").contains("hikaricp_connections_active");
    }

    @Test
    void aPriceListImportIsTimed() {
        TestTenants.TestTenant tenant = testTenants.create();
        Api admin = Api.basic(baseUrl(), tenant.adminEmail(), TestTenants.PASSWORD);
        String applied = "gpuquote_pricelist_import_seconds_count";
        BigDecimal before = value(scrape(), applied, "mode=\"REPLACE\",outcome=\"applied\"");
        BigDecimal refusedBefore = value(scrape(), applied, "mode=\"REPLACE\",outcome=\"error\"");

        Api.Response draft = admin.post("/api/v1/price-lists", Map.of("name", "指标", "provider", "VOLCENGINE",
                "effectiveFrom", "2030-01-01T00:00:00Z"));
        assertThat(draft.status()).as(draft.body()).isEqualTo(201);
        String rows = "/api/v1/price-lists/" + draft.json().path("id").asText() + "/rows";
        Api.Response ok = admin.send("PUT", rows, "text/csv",
                "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n"
                        + "VOLCENGINE,cn-beijing,ecs.gni2.3xlarge,HOURLY,10,9,CNY\n");
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        Api.Response bad = admin.send("PUT", rows, "text/csv",
                "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n"
                        + "VOLCENGINE,cn-beijing,no-such-type,HOURLY,10,9,CNY\n");
        assertThat(bad.status()).isEqualTo(422);

        String after = scrape();
        assertThat(value(after, applied, "mode=\"REPLACE\",outcome=\"applied\"")).isEqualByComparingTo(before.add(BigDecimal.ONE));
        assertThat(value(after, applied, "mode=\"REPLACE\",outcome=\"error\"")).isEqualByComparingTo(refusedBefore.add(BigDecimal.ONE));
        assertThat(after).contains("gpuquote_pricelist_import_seconds_sum{");
    }

    private String scrape() {
        Api.Response r = Api.bearer(baseUrl(), SCRAPE_TOKEN).get("/actuator/prometheus");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("text/plain");
        return r.body();
    }

    /** A counter's value in the scrape, 0 before its first increment (Micrometer registers it then). */
    private static BigDecimal value(String scrape, String name, String label) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{([^}]*)\\} (\\S+)$").matcher(scrape);
        while (m.find()) {
            if (m.group(1).contains(label)) {
                return new BigDecimal(m.group(2));
            }
        }
        return BigDecimal.ZERO;
    }

    private static ILoggingEvent eventOf(List<ILoggingEvent> events, String requestId) {
        return events.stream().filter(e -> requestId.equals(e.getMDCPropertyMap().get("requestId")))
                .findFirst().orElseThrow(() -> new AssertionError("no log event of request " + requestId + " in " + events));
    }
}
