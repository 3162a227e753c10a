package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.Provider;
import com.gpuquote.security.SystemAuthentication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39: a deprecated instance type (the shipped ecs.g1ve family, deprecated by V54) cannot be added to a line; a
 * line that already holds it keeps working: saved again, edited, duplicated.
 */
class DeprecatedInstanceTypeApiTest extends QuoteApiSupport {

    static final String G1VE = "ecs.g1ve.2xlarge";

    @Autowired
    CatalogService catalog;

    private String g1veRegion;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        var type = catalog.publicInstanceType(G1VE).orElseThrow();
        assertThat(type.status()).isEqualTo(InstanceStatus.DEPRECATED);
        g1veRegion = type.regions().iterator().next();
        List<String> rows = new ArrayList<>(QuoteFixtures.ROWS);
        rows.add("VOLCENGINE," + g1veRegion + "," + G1VE + ",MONTHLY,6000.0000,4000.0000,CNY");
        fixtures.publish(tenant, rows);
    }

    @AfterEach
    void stillDeprecated() {
        setStatus(InstanceStatus.DEPRECATED); // the shipped catalog as it was, whatever the test did
    }

    private void setStatus(InstanceStatus status) {
        SystemAuthentication.asPlatformAdmin(() -> catalog.setStatus(Provider.VOLCENGINE, G1VE, status));
    }

    private Map<String, Object> g1veLine(int quantity) {
        return with(line(G1VE, "MONTHLY", quantity, 12), "region", g1veRegion);
    }

    /** The lines of option A as read, with their ids: what a client sends back to save the quote again. */
    private static List<Map<String, Object>> asRead(JsonNode quote) {
        List<Map<String, Object>> lines = new ArrayList<>();
        quote.path("options").get(0).path("lines").forEach(l -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", l.path("id").asText());
            m.put("instanceType", l.path("instanceType").asText());
            m.put("region", l.path("region").asText());
            m.put("billingMode", l.path("billingMode").asText());
            m.put("quantity", l.path("quantity").asInt());
            m.put("termMonths", l.path("termMonths").asInt());
            lines.add(m);
        });
        return lines;
    }

    private com.gpuquote.Api.Response save(JsonNode quote, List<Map<String, Object>> lines) {
        return consultant.put("/api/v1/quotes/" + quote.path("id").asText(), Map.of("version",
                quote.path("rowVersion").asInt(), "options", List.of(option(lines, List.of()))));
    }

    @Test
    void aNewLineOfADeprecatedTypeIsA400NamingItAndNothingIsStored() {
        String[] cp = customerAndProject();
        var refused = consultant.post("/api/v1/quotes", quoteBody(cp[1],
                option(List.of(line(A10, "HOURLY", 1, 1)), List.of()),
                option(List.of(line(A10, "MONTHLY", 1, 1), g1veLine(2)), List.of())));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("errors").findValuesAsText("field"))
                .containsExactly("options[1].lines[1].instanceType");
        JsonNode error = refused.json().path("errors").get(0);
        assertThat(error.path("code").asText()).isEqualTo("quote.error.instanceTypeDeprecated");
        assertThat(error.path("message").asText()).contains(G1VE, "deprecated");
        assertThat(consultant.get("/api/v1/quotes?customerId=" + cp[0]).json()).isEmpty(); // nothing stored

        // added to a draft, by update or by "add line", it is refused as well
        JsonNode draft = createQuote(consultant, cp[1], option(List.of(line(A10, "HOURLY", 1, 1)), List.of()));
        List<Map<String, Object>> lines = new ArrayList<>(asRead(draft));
        lines.add(g1veLine(1));
        var added = save(draft, lines);
        assertThat(added.status()).isEqualTo(400);
        assertThat(added.json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].lines[1].instanceType");
        assertThat(consultant.get("/api/v1/quotes/" + draft.path("id").asText()).json().path("options").get(0)
                .path("lines")).hasSize(1);
    }

    @Test
    void aLineThatAlreadyHoldsADeprecatedTypeKeepsWorking() {
        String[] cp = customerAndProject();
        setStatus(InstanceStatus.ACTIVE); // the quote was made while the type was still offered
        JsonNode q = createQuote(consultant, cp[1], option(List.of(line(A10, "MONTHLY", 1, 12), g1veLine(2)),
                List.of()));
        setStatus(InstanceStatus.DEPRECATED);

        // saved again as read: fine; its quantity changed: fine (priced as before, 6000 a month × 3)
        var resaved = save(q, asRead(q));
        assertThat(resaved.status()).as(resaved.body()).isEqualTo(200);
        List<Map<String, Object>> more = asRead(resaved.json());
        more.get(1).put("quantity", 3);
        var edited = save(resaved.json(), more);
        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
        JsonNode g1ve = edited.json().path("options").get(0).path("lines").get(1);
        assertThat(g1ve.path("instanceType").asText()).isEqualTo(G1VE);
        assertThat(g1ve.path("monthlyAmount").asText()).isEqualTo("18000.00");

        // but a second line of it, or another line changed to it, is adding it anew
        List<Map<String, Object>> second = asRead(edited.json());
        second.add(g1veLine(1));
        assertThat(save(edited.json(), second).json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].lines[2].instanceType");
        List<Map<String, Object>> changed = asRead(edited.json());
        changed.get(0).put("instanceType", G1VE);
        changed.get(0).put("region", g1veRegion);
        assertThat(save(edited.json(), changed).json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].lines[0].instanceType");

        // a duplicate carries the quote's lines over, as a renewal carries a contract's
        var copy = consultant.post("/api/v1/quotes/" + q.path("id").asText() + "/duplicate", Map.of());
        assertThat(copy.status()).as(copy.body()).isEqualTo(201);
        assertThat(copy.json().path("options").get(0).path("lines").get(1).path("instanceType").asText())
                .isEqualTo(G1VE);
    }
}
