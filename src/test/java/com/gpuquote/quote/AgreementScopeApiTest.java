package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: an agreement's scopes are kept. Every scope field a PERCENT_OFF takes is stored, read back and priced
 * with; a key a rule does not take (a PERCENT_OFF's region beside its scope, a scope.zone) is a 400 naming it and
 * nothing is stored. Expected prices are computed here from the list prices, not read from the application.
 */
class AgreementScopeApiTest extends QuoteApiSupport {

    static final String SHANGHAI = "cn-shanghai";
    static final BigDecimal A10_HOURLY_BEIJING = new BigDecimal("10.0000");
    static final BigDecimal A10_HOURLY_SHANGHAI = new BigDecimal("12.0000");

    @BeforeEach
    void setUp() {
        tenant = fixtures.tenantWithPrices();
        List<String> rows = new ArrayList<>(QuoteFixtures.ROWS);
        rows.add("VOLCENGINE," + SHANGHAI + "," + A10 + ",HOURLY," + A10_HOURLY_SHANGHAI + ",7.0000,CNY");
        fixtures.publish(tenant, rows);
        admin = Api.basic(baseUrl(), tenant.adminEmail(), com.gpuquote.TestTenants.PASSWORD);
        consultant = Api.basic(baseUrl(), tenant.consultantEmail(), com.gpuquote.TestTenants.PASSWORD);
    }

    /** The price after p % off, as the waterfall rounds a unit price: half-up to 4 decimals. */
    static BigDecimal off(BigDecimal price, String percent) {
        return price.multiply(BigDecimal.ONE.subtract(new BigDecimal(percent).movePointLeft(2)))
                .setScale(4, RoundingMode.HALF_UP);
    }

    static Map<String, Object> scope(Object... fieldsAndValues) {
        Map<String, Object> scope = new HashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            scope.put((String) fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return scope;
    }

    static Map<String, Object> rule(Object percent, Map<String, Object> scope) {
        return Map.of("type", "PERCENT_OFF", "percent", percent, "scope", scope);
    }

    static Map<String, Object> body(List<?> rules) {
        return Map.of("name", "上海协议", "validFrom", "2027-01-01", "validTo", "2027-12-31", "rules", rules);
    }

    private String agreementsPath(String customerId) {
        return "/api/v1/customers/" + customerId + "/agreements";
    }

    @Test
    void aRuleScopedToShanghaiPricesAShanghaiLineAndNotABeijingOne() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(rule(10, scope("region", SHANGHAI))));
        var stored = admin.get(agreementsPath(cp[0])).json().get(0).path("rules").get(0);
        assertThat(stored.path("scope").path("region").asText()).isEqualTo(SHANGHAI);

        JsonNode q = createQuote(consultant, cp[1], option(List.of(
                with(line(A10, "HOURLY", 1, 1), "region", SHANGHAI), line(A10, "HOURLY", 1, 1)), List.of()));
        JsonNode lines = q.path("options").get(0).path("lines");
        assertThat(lines.get(0).path("region").asText()).isEqualTo(SHANGHAI);
        assertThat(waterfall(lines.get(0))).startsWith("LIST=" + A10_HOURLY_SHANGHAI,
                "AGREEMENT=" + off(A10_HOURLY_SHANGHAI, "10"));
        assertThat(lines.get(1).path("region").asText()).isEqualTo(QuoteFixtures.REGION);
        assertThat(waterfall(lines.get(1))).startsWith("LIST=" + A10_HOURLY_BEIJING,
                "AGREEMENT=" + A10_HOURLY_BEIJING);
    }

    @Test
    void aRegionNarrowsTheOtherScopesAndTheNarrowerRuleWins() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(rule(5, scope("family", "ecs.gni2")),
                rule(20, scope("family", "ecs.gni2", "region", SHANGHAI)),
                rule(30, scope("instanceType", T4, "region", SHANGHAI))));
        JsonNode q = createQuote(consultant, cp[1], option(List.of(
                with(line(A10, "HOURLY", 1, 1), "region", SHANGHAI), line(A10, "HOURLY", 1, 1),
                line(T4, "HOURLY", 1, 1)), List.of()));
        JsonNode lines = q.path("options").get(0).path("lines");
        assertThat(waterfall(lines.get(0))).startsWith("LIST=12.0000", "AGREEMENT=" + off(A10_HOURLY_SHANGHAI, "20"));
        assertThat(waterfall(lines.get(1))).startsWith("LIST=10.0000", "AGREEMENT=" + off(A10_HOURLY_BEIJING, "5"));
        assertThat(waterfall(lines.get(2))).startsWith("LIST=3.0000", "AGREEMENT=3.0000"); // T4 in Beijing
    }

    @Test
    void everyScopeFieldIsStoredAndReadBack() {
        String customerId = customerAndProject()[0];
        List<Map<String, Object>> scopes = List.of(
                scope("instanceType", A10, "region", SHANGHAI),
                scope("family", "ecs.gni2", "region", "cn-beijing"),
                scope("gpuModel", "A10-PCIE-24GB"),
                scope("billingMode", "MONTHLY", "region", SHANGHAI),
                scope("region", "cn-guangzhou"),
                scope());
        List<Map<String, Object>> rules = new ArrayList<>();
        for (int i = 0; i < scopes.size(); i++) {
            rules.add(rule(i + 1, scopes.get(i)));
        }
        var created = admin.post(agreementsPath(customerId), body(rules));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode read = admin.get(agreementsPath(customerId) + "/" + created.json().path("id").asText()).json();
        for (int i = 0; i < scopes.size(); i++) {
            Map<String, Object> expected = new LinkedHashMap<>();
            for (String field : List.of("instanceType", "family", "gpuModel", "billingMode", "region")) {
                expected.put(field, scopes.get(i).get(field));
            }
            JsonNode scope = read.path("rules").get(i).path("scope");
            Map<String, Object> actual = new LinkedHashMap<>();
            scope.fieldNames().forEachRemaining(f -> actual.put(f, scope.get(f).isNull() ? null : scope.get(f).asText()));
            assertThat(actual).as("rule %d", i).isEqualTo(expected);
            assertThat(created.json().path("rules").get(i).path("scope")).isEqualTo(scope);
        }
    }

    @Test
    void aKeyARuleDoesNotTakeIsA400NamingItAndNothingIsStored() {
        String customerId = customerAndProject()[0];
        String path = agreementsPath(customerId);

        Map<String, Object> topLevelRegion = Map.of("type", "PERCENT_OFF", "percent", 10, "region", SHANGHAI);
        var misplaced = admin.post(path, body(List.of(rule(3, scope()), topLevelRegion)));
        assertThat(misplaced.status()).isEqualTo(400);
        assertThat(misplaced.json().path("errors").findValuesAsText("field")).containsExactly("rules[1].region");
        assertThat(misplaced.json().path("errors").get(0).path("message").asText()).contains("rules[1].scope.region");

        var zone = admin.post(path, body(List.of(rule(10, scope("region", SHANGHAI, "zone", "cn-shanghai-b")))));
        assertThat(zone.status()).isEqualTo(400);
        assertThat(zone.json().path("errors").findValuesAsText("field")).containsExactly("rules[0].scope.zone");

        var provider = admin.post(path, body(List.of(rule(10, scope("provider", "VOLCENGINE")))));
        assertThat(provider.json().path("errors").findValuesAsText("field")).containsExactly("rules[0].scope.provider");

        Map<String, Object> fixedWithPercent = new LinkedHashMap<>(QuoteApiSupport.fixed(A10, "HOURLY", "9"));
        fixedWithPercent.put("percent", 10);
        Map<String, Object> volumeWithRegion = Map.of("type", "VOLUME_TIER", "minGpus", 8, "percent", 3,
                "region", SHANGHAI);
        Map<String, Object> termWithUnknown = Map.of("type", "TERM", "minMonths", 12, "percent", 5, "regions",
                List.of(SHANGHAI));
        var several = admin.post(path, body(List.of(fixedWithPercent, volumeWithRegion, termWithUnknown)));
        assertThat(several.status()).isEqualTo(400);
        assertThat(several.json().path("errors").findValuesAsText("field"))
                .containsExactlyInAnyOrder("rules[0].percent", "rules[1].region", "rules[2].regions");

        assertThat(admin.get(path).json()).isEmpty();
    }

    @Test
    void nullsAndWhatTheApiAnswersStayAccepted() {
        String customerId = customerAndProject()[0];
        String path = agreementsPath(customerId);
        Map<String, Object> percentWithNulls = new HashMap<>(rule(10, scope("region", SHANGHAI, "zone", null)));
        percentWithNulls.put("region", null);
        percentWithNulls.put("unitPrice", null);
        var created = admin.post(path, body(List.of(percentWithNulls)));
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        // a client sends back what it read (with id, version, timestamps): still valid, nothing lost
        JsonNode read = admin.get(path + "/" + created.json().path("id").asText()).json();
        var again = admin.put(path + "/" + read.path("id").asText(), read);
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().path("rules")).isEqualTo(read.path("rules"));
    }
}
