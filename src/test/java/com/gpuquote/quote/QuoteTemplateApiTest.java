package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16: {@code GET/POST /api/v1/quote-templates}: save an option (given, or taken from a quote), list, apply to a
 * DRAFT as its next option priced at the day's prices, bad input 400 naming the field, other tenants see nothing.
 */
class QuoteTemplateApiTest extends QuoteApiSupport {

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    private static Map<String, Object> template(String name) {
        Map<String, Object> option = new LinkedHashMap<>();
        option.put("title", "8 × A10 推理节点");
        option.put("summary", "按月包 8 台 A10，适合 7B 模型推理");
        option.put("lines", List.of(line(A10, "MONTHLY", 8, 12)));
        option.put("serviceLines", List.of(Map.of("description", "7×24 支持", "monthlyAmount", "200")));
        return Map.of("name", name, "option", option);
    }

    @Test
    void aSavedTemplateIsListedAndAppliedAsTheNextOptionAtTodaysPrices() {
        var created = consultant.post("/api/v1/quote-templates", template("8 × A10 推理，包月"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("name").asText()).isEqualTo("8 × A10 推理，包月");
        assertThat(created.json().path("lines").get(0).path("quantity").asInt()).isEqualTo(8);
        String id = created.json().path("id").asText();

        var list = admin.get("/api/v1/quote-templates");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json()).extracting(n -> n.path("name").asText()).containsExactly("8 × A10 推理，包月");

        JsonNode quote = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()));
        var applied = consultant.post("/api/v1/quote-templates/" + id + "/apply",
                Map.of("quoteId", quote.path("id").asText(), "version", quote.path("rowVersion").asInt()));
        assertThat(applied.status()).as(applied.body()).isEqualTo(200);
        JsonNode b = applied.json().path("options").get(1);
        assertThat(b.path("name").asText()).isEqualTo("B");
        assertThat(b.path("title").asText()).isEqualTo("8 × A10 推理节点");
        assertThat(b.path("summary").asText()).isEqualTo("按月包 8 台 A10，适合 7B 模型推理");
        // A10 monthly list 5,000.00 (no agreement): 8 × 5,000 = 40,000.00 a month, × 12 months = 480,000.00
        JsonNode line = b.path("lines").get(0);
        assertThat(line.path("netUnitPrice").asText()).isEqualTo("5000.0000");
        assertThat(line.path("monthlyAmount").asText()).isEqualTo("40000.00");
        assertThat(line.path("termAmount").asText()).isEqualTo("480000.00");
        assertThat(b.path("serviceLines").get(0).path("description").asText()).isEqualTo("7×24 支持");
        // option A untouched
        assertThat(applied.json().path("options").get(0).path("lines").get(0).path("instanceType").asText())
                .isEqualTo(T4);

        // a stale version is refused like any concurrent edit
        var stale = consultant.post("/api/v1/quote-templates/" + id + "/apply",
                Map.of("quoteId", quote.path("id").asText(), "version", quote.path("rowVersion").asInt()));
        assertThat(stale.status()).isEqualTo(409);
    }

    @Test
    void anOptionOfAQuoteIsSavedWithoutItsIds() {
        JsonNode quote = createQuote(consultant, project, option(List.of(
                with(line(T4, "MONTHLY", 3, 12), "manualDiscountPercent", 5)), List.of()));
        var created = consultant.post("/api/v1/quote-templates", Map.of("name", "T4 × 3",
                "quoteId", quote.path("id").asText(), "optionName", "A"));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode line = created.json().path("lines").get(0);
        assertThat(line.path("instanceType").asText()).isEqualTo(T4);
        assertThat(line.path("quantity").asInt()).isEqualTo(3);
        assertThat(line.path("manualDiscountPercent").decimalValue()).isEqualByComparingTo("5");
        assertThat(line.path("id").isNull()).isTrue();

        var noOption = consultant.post("/api/v1/quote-templates", Map.of("name", "T4 × 3 again",
                "quoteId", quote.path("id").asText(), "optionName", "C"));
        assertThat(noOption.status()).isEqualTo(400);
        assertThat(noOption.body()).contains("optionName");
    }

    @Test
    void badTemplatesAreRefusedNamingEachFieldAndNothingIsSaved() {
        Map<String, Object> option = new LinkedHashMap<>();
        Map<String, Object> noQuantity = new LinkedHashMap<>(line("ecs.no-such-type", "MONTHLY", 1, 12));
        noQuantity.remove("quantity");
        option.put("lines", List.of(noQuantity, line(A10, "MONTHLY", 1, 0)));
        var bad = consultant.post("/api/v1/quote-templates", Map.of("name", " ", "option", option));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(fields(bad.json())).contains("name", "option.lines[0].quantity", "option.lines[0].instanceType",
                "option.lines[1].termMonths");
        Map<String, Object> twoLines = new LinkedHashMap<>(option);
        twoLines.put("lines", List.of(line(A10, "MONTHLY", 1, 12)));
        twoLines.put("title", "一\n二");
        var title = consultant.post("/api/v1/quote-templates", Map.of("name", "两行名称", "option", twoLines));
        assertThat(title.status()).isEqualTo(400);
        assertThat(fields(title.json())).containsExactly("option.title");

        assertThat(consultant.post("/api/v1/quote-templates", template("同名")).status()).isEqualTo(201);
        var duplicate = consultant.post("/api/v1/quote-templates", template("同名"));
        assertThat(duplicate.status()).isEqualTo(400);
        assertThat(fields(duplicate.json())).containsExactly("name");
        assertThat(consultant.get("/api/v1/quote-templates").json()).hasSize(1);
    }

    @Test
    void anotherTenantNeitherSeesNorAppliesNorDeletesTheTemplate() {
        String id = consultant.post("/api/v1/quote-templates", template("本租户模板")).json().path("id").asText();
        var otherTenant = fixtures.tenantWithPrices();
        Api stranger = Api.basic(baseUrl(), otherTenant.consultantEmail(), com.gpuquote.TestTenants.PASSWORD);
        assertThat(stranger.get("/api/v1/quote-templates").json()).isEmpty();
        assertThat(stranger.get("/api/v1/quote-templates/" + id).status()).isEqualTo(404);
        assertThat(stranger.delete("/api/v1/quote-templates/" + id).status()).isEqualTo(404);
        assertThat(consultant.get("/api/v1/quote-templates/" + id).status()).isEqualTo(200);

        // only its author or a tenant admin deletes it
        assertThat(admin.delete("/api/v1/quote-templates/" + id).status()).isEqualTo(204);
        assertThat(consultant.get("/api/v1/quote-templates").json()).isEmpty();
    }

    private static List<String> fields(JsonNode problem) {
        List<String> out = new java.util.ArrayList<>();
        problem.path("errors").forEach(e -> out.add(e.path("field").asText()));
        return out;
    }
}
