package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16, "duplicate a quote": {@code POST /api/v1/quotes/{id}/duplicate} answers a new DRAFT (new number, v1, the
 * caller as author) with the same options, lines and services, priced at today's prices through the customer's
 * agreement, never from the source's snapshot; the copy goes through approval again.
 */
@CalendarTest
class QuoteDuplicateApiTest extends QuoteApiSupport {

    @Autowired
    com.gpuquote.audit.AuditLog audit;
    @Autowired
    com.gpuquote.customer.ProjectService projects;

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;
    @Autowired
    QuoteTermsService termsService;

    String customer;
    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        String[] cp = customerAndProject();
        customer = cp[0];
        project = cp[1];
    }

    private JsonNode sentQuote() {
        JsonNode q = createQuote(consultant, project,
                option(List.of(line(T4, "MONTHLY", 2, 6), with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 3)),
                        List.of(Map.of("description", "部署支持", "monthlyAmount", "200"),
                                Map.of("description", "迁移", "oneTimeAmount", "1000"))),
                option(List.of(line(A10, "MONTHLY", 1, 12)), List.of()));
        String id = q.path("id").asText();
        assertThat(consultant.post("/api/v1/quotes/" + id + "/submit", Map.of()).json().path("status").asText())
                .isEqualTo("APPROVED");
        JsonNode sent = consultant.post("/api/v1/quotes/" + id + "/send", Map.of()).json();
        assertThat(sent.path("status").asText()).isEqualTo("SENT");
        return sent;
    }

    private static List<String> ids(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(q -> out.add(q.path("id").asText()));
        return out;
    }

    private static List<String> lines(JsonNode quote) {
        List<String> out = new ArrayList<>();
        quote.path("options").forEach(o -> {
            o.path("lines").forEach(l -> out.add(o.path("name").asText() + ":" + l.path("instanceType").asText() + "/"
                    + l.path("region").asText() + "/" + l.path("billingMode").asText() + "/" + l.path("quantity").asInt()
                    + "x" + l.path("termMonths").asInt() + "/" + l.path("hoursPerMonth").asInt() + "/-"
                    + l.path("manualDiscountPercent").asText()));
            o.path("serviceLines").forEach(s -> out.add(o.path("name").asText() + ":" + s.path("description").asText()
                    + "/" + s.path("monthlyAmount").asText("-") + "/" + s.path("oneTimeAmount").asText("-")));
        });
        return out;
    }

    @Test
    void theCopyIsANewDraftWithTheSameLinesPricedAtTodaysPricesAndTheCustomersAgreement() {
        JsonNode source = sentQuote();
        String id = source.path("id").asText();
        // after sending: the list price of T4 MONTHLY drops to 1,400 and the customer gets 10 % off everything
        fixtures.publish(tenant, QuoteFixtures.ROWS.stream().map(r -> r.contains(T4 + ",MONTHLY")
                ? QuoteFixtures.row(T4, "MONTHLY", "1400.0000", "1000.0000") : r).toList());
        agreement(customer, List.of(percentOff(10, null, null)));

        var r = admin.send("POST", "/api/v1/quotes/" + id + "/duplicate", "application/json", ""); // no body
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode copy = r.json();
        assertThat(copy.path("id").asText()).isNotEqualTo(id);
        assertThat(copy.path("number").asText()).isNotEqualTo(source.path("number").asText())
                .startsWith(source.path("number").asText().substring(0, 7)); // Q-YYYY- then the next serial
        assertThat(copy.path("version").asInt()).isEqualTo(1);
        assertThat(copy.path("status").asText()).isEqualTo("DRAFT");
        assertThat(copy.path("priceFrozen").asBoolean()).isFalse();
        assertThat(copy.has("approval")).isFalse();
        assertThat(copy.path("projectId").asText()).isEqualTo(project);
        assertThat(copy.path("author").path("name").asText()).startsWith("Admin"); // the caller, not the source's author
        assertThat(copy.path("author").path("id").asText()).isNotEqualTo(source.path("author").path("id").asText());
        assertThat(lines(copy)).isEqualTo(lines(source)).hasSize(5);

        // re-priced: T4 1,400 less 10 % = 1,260.0000 (2 × 1,260 × 6 = 15,120.00); the source keeps its frozen 1,500
        JsonNode t4 = copy.path("options").get(0).path("lines").get(0);
        assertThat(t4.path("netUnitPrice").asText()).isEqualTo("1260.0000");
        assertThat(t4.path("termAmount").asText()).isEqualTo("15120.00");
        assertThat(copy.path("agreementId").isMissingNode() || copy.path("agreementId").isNull()).isFalse();
        JsonNode sourceNow = consultant.get("/api/v1/quotes/" + id).json();
        assertThat(sourceNow.path("options").get(0).path("lines").get(0).path("netUnitPrice").asText())
                .isEqualTo("1500.0000");
        assertThat(sourceNow.path("status").asText()).isEqualTo("SENT");

        // audited like the other quote actions, with the source
        var events = as.call(tenant.adminEmail(), () -> audit.find(new com.gpuquote.audit.AuditLog.Filter(null,
                "QUOTE_DUPLICATED", null, null), 0, 50));
        assertThat(events).anySatisfy(e -> {
            assertThat(e.entityId()).isEqualTo(copy.path("id").asText());
            assertThat(e.details()).contains(id);
        });
    }

    @Test
    void optionTitlesSummariesAndTheChosenTermsComeAlong() {
        Map<String, Object> a = new java.util.LinkedHashMap<>(option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()));
        a.put("title", "经济型 2 × T4");
        a.put("summary", "Llama 2 7B 推理，8 路并发");
        JsonNode q = createQuote(consultant, project, a);
        String id = q.path("id").asText();
        var terms = admin.post("/api/v1/quote-terms", Map.of("name", "大客户条款 " + System.nanoTime(),
                "zh", Map.of("payment", "月结 60 天"), "en", Map.of(), "isDefault", false));
        assertThat(terms.status()).as(terms.body()).isEqualTo(201);
        String termsId = terms.json().path("id").asText();
        assertThat(consultant.put("/api/v1/quotes/" + id + "/terms", Map.of("termsId", termsId,
                "version", q.path("rowVersion").asInt())).status()).isEqualTo(200);

        JsonNode copy = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of()).json();
        JsonNode option = copy.path("options").get(0);
        assertThat(option.path("title").asText()).isEqualTo("经济型 2 × T4");
        assertThat(option.path("summary").asText()).isEqualTo("Llama 2 7B 推理，8 路并发");
        QuoteId copyId = new QuoteId(UUID.fromString(copy.path("id").asText()));
        assertThat(as.call(tenant.consultantEmail(), () -> termsService.chosen(copyId)))
                .contains(new QuoteTermsId(UUID.fromString(termsId)));
        // and the copy is still editable with the row version it answered
        var edited = consultant.put("/api/v1/quotes/" + copyId.value(), Map.of("version", copy.path("rowVersion").asInt(),
                "options", List.of(option(List.of(line(T4, "MONTHLY", 3, 6)), List.of()))));
        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
    }

    @Test
    void aCopyBelowTheFloorNeedsApprovalAgain() {
        JsonNode q = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of()));
        String id = q.path("id").asText();
        consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "ok"));
        assertThat(consultant.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("APPROVED");

        JsonNode copy = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of()).json();
        assertThat(copy.path("status").asText()).isEqualTo("DRAFT");
        assertThat(copy.has("approval")).isFalse();
        var submitted = consultant.post("/api/v1/quotes/" + copy.path("id").asText() + "/submit", Map.of());
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }

    @Test
    void anotherProjectOfTheSameCustomerIsFineAnotherCustomersProjectIs400() {
        JsonNode q = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()));
        String id = q.path("id").asText();
        String sameCustomer = consultant.post("/api/v1/projects", Map.of("customerId", customer, "name", "二期"))
                .json().path("id").asText();
        var moved = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", sameCustomer));
        assertThat(moved.status()).as(moved.body()).isEqualTo(201);
        assertThat(moved.json().path("projectId").asText()).isEqualTo(sameCustomer);
        assertThat(lines(moved.json())).isEqualTo(lines(q));
        assertThat(ids(consultant.get("/api/v1/projects/" + sameCustomer + "/quotes").json()))
                .containsExactly(moved.json().path("id").asText());

        String otherCustomersProject = customerAndProject()[1];
        var refused = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", otherCustomersProject));
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("errors").findValuesAsText("field")).containsExactly("projectId");
        assertThat(consultant.get("/api/v1/projects/" + otherCustomersProject + "/quotes").json()).isEmpty();

        var notAnId = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", "nope"));
        assertThat(notAnId.status()).isEqualTo(400);
        assertThat(notAnId.json().path("errors").findValuesAsText("field")).containsExactly("projectId");
        var unknownProject = consultant.post("/api/v1/quotes/" + id + "/duplicate",
                Map.of("projectId", UUID.randomUUID().toString()));
        assertThat(unknownProject.status()).isEqualTo(404);
        var unknownQuote = consultant.post("/api/v1/quotes/" + UUID.randomUUID() + "/duplicate", Map.of());
        assertThat(unknownQuote.status()).isEqualTo(404);
    }

    @Test
    void sizingReferencesAreKeptASavedRunOnlyWithinItsProject() {
        com.gpuquote.sizing.SizingRun run = as.call(tenant.consultantEmail(), () ->
                sizingRunService.save(new com.gpuquote.customer.ProjectId(UUID.fromString(project)),
                        "Llama 70B 推理", "{\"model\":\"llama-70b\"}", "{\"gpus\":8}"));
        Map<String, Object> sized = with(with(line(A10, "MONTHLY", 8, 12), "sizingRunId", run.id().toString()),
                "sizingCandidate", Map.of("instanceType", A10, "count", 8));
        String id = createQuote(consultant, project, option(List.of(sized), List.of())).path("id").asText();

        JsonNode same = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of()).json();
        assertThat(firstLine(same).path("sizing").path("sizingRunId").asText()).isEqualTo(run.id().toString());
        assertThat(firstLine(same).path("sizing").path("candidate").path("count").asInt()).isEqualTo(8);

        String second = consultant.post("/api/v1/projects", Map.of("customerId", customer, "name", "三期"))
                .json().path("id").asText();
        var moved = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", second));
        assertThat(moved.status()).as(moved.body()).isEqualTo(201);
        assertThat(firstLine(moved.json()).path("sizing").has("sizingRunId")).isFalse();
        assertThat(firstLine(moved.json()).path("sizing").path("candidate").path("count").asInt()).isEqualTo(8);
    }

    @Test
    void aLineWithoutAPriceTodayIsRefusedNamingTheLine() {
        String id = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()))
                .path("id").asText();
        fixtures.publish(tenant, QuoteFixtures.ROWS.stream().filter(r -> !r.contains(T4 + ",MONTHLY")).toList());
        var r = consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).isNotEmpty()
                .allMatch(f -> f.startsWith("options[0].lines[0]"));
        assertThat(ids(consultant.get("/api/v1/projects/" + project + "/quotes").json())).containsExactly(id);
    }

    @Test
    void anotherTenantsQuoteOrProjectIs404AndNothingLeaks() {
        JsonNode q = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()));
        String id = q.path("id").asText();
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        Api otherConsultant = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD);
        String otherProject = otherConsultant.post("/api/v1/projects", Map.of("customerId",
                otherConsultant.post("/api/v1/customers", Map.of("name", "别家客户 " + System.nanoTime()))
                        .json().path("id").asText(), "name", "别家项目")).json().path("id").asText();

        assertThat(otherConsultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of()).status()).isEqualTo(404);
        assertThat(otherConsultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", otherProject))
                .status()).isEqualTo(404);
        // our quote into their project: their project does not exist for us
        assertThat(consultant.post("/api/v1/quotes/" + id + "/duplicate", Map.of("projectId", otherProject))
                .status()).isEqualTo(404);
        assertThat(otherConsultant.get("/api/v1/projects/" + otherProject + "/quotes").json()).isEmpty();
        assertThat(ids(consultant.get("/api/v1/projects/" + project + "/quotes").json()))
                .containsExactly(id);
    }
}
