package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** REST helpers for quote tests: a tenant with prices, its admin and consultant, a customer with a project. */
abstract class QuoteApiSupport extends IntegrationTest {

    @Autowired
    protected QuoteFixtures fixtures;
    @Autowired
    protected AsUser as;

    protected TestTenants.TestTenant tenant;
    protected Api admin;
    protected Api consultant;

    protected void tenantWithPrices() {
        tenant = fixtures.tenantWithPrices();
        admin = Api.basic(baseUrl(), tenant.adminEmail(), TestTenants.PASSWORD);
        consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
    }

    /**
     * A new customer and project of the tenant: [customerId, projectId]. The customer's name is unique and has no
     * digits, so a test that a document never shows some amount cannot trip over the name (it did: "…5475…").
     */
    protected String[] customerAndProject() {
        String unique = Long.toString(System.nanoTime()).chars().mapToObj(d -> String.valueOf((char) ('a' + d - '0')))
                .collect(java.util.stream.Collectors.joining());
        var c = consultant.post("/api/v1/customers", Map.of("name", "客户 " + unique));
        assertThat(c.status()).as(c.body()).isEqualTo(201);
        String customerId = c.json().path("id").asText();
        String projectId = consultant.post("/api/v1/projects", Map.of("customerId", customerId, "name", "项目"))
                .json().path("id").asText();
        return new String[]{customerId, projectId};
    }

    protected void agreement(String customerId, List<Map<String, Object>> rules) {
        var r = admin.post("/api/v1/customers/" + customerId + "/agreements", Map.of("name", "协议",
                "validFrom", today().minusDays(1).toString(), "rules", rules));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
    }

    static Map<String, Object> percentOff(Object percent, String field, Object value) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("instanceType", null);
        scope.put("family", null);
        scope.put("gpuModel", null);
        scope.put("billingMode", null);
        if (field != null) {
            scope.put(field, value);
        }
        return Map.of("type", "PERCENT_OFF", "percent", percent, "scope", scope);
    }

    static Map<String, Object> fixed(String type, String mode, String price) {
        return Map.of("type", "FIXED_PRICE", "instanceType", type, "region", QuoteFixtures.REGION,
                "billingMode", mode, "unitPrice", price);
    }

    static Map<String, Object> volume(int minGpus, Object percent) {
        return Map.of("type", "VOLUME_TIER", "minGpus", minGpus, "percent", percent);
    }

    static Map<String, Object> term(int minMonths, Object percent) {
        return Map.of("type", "TERM", "minMonths", minMonths, "percent", percent);
    }

    static Map<String, Object> line(String type, String mode, int quantity, int termMonths) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("instanceType", type);
        m.put("region", QuoteFixtures.REGION);
        m.put("billingMode", mode);
        m.put("quantity", quantity);
        m.put("termMonths", termMonths);
        return m;
    }

    static Map<String, Object> with(Map<String, Object> m, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(m);
        copy.put(key, value);
        return copy;
    }

    static Map<String, Object> option(List<Map<String, Object>> lines, List<Map<String, Object>> services) {
        return Map.of("lines", lines, "serviceLines", services);
    }

    static Map<String, Object> quoteBody(String projectId, Map<String, Object>... options) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("projectId", projectId);
        m.put("options", new ArrayList<>(List.of(options)));
        return m;
    }

    protected JsonNode createQuote(Api api, String projectId, Map<String, Object>... options) {
        var r = api.post("/api/v1/quotes", quoteBody(projectId, options));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        return r.json();
    }

    protected static JsonNode firstLine(JsonNode quote) {
        return quote.path("options").get(0).path("lines").get(0);
    }

    protected static List<String> waterfall(JsonNode line) {
        List<String> steps = new ArrayList<>();
        line.path("waterfall").forEach(s -> steps.add(s.path("step").asText() + "=" + s.path("unitPrice").asText()));
        return steps;
    }
}
