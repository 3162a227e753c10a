package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Quotes without prices: an empty draft, reads, lists, numbering and cross-tenant 404. */
@CalendarTest
class QuoteApiSmokeTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;

    Api consultantA;
    Api adminA;
    Api adminB;
    String projectId;
    String customerId;
    String adminEmail;

    @BeforeEach
    void setUp() {
        TestTenants.TestTenant a = testTenants.create();
        TestTenants.TestTenant b = testTenants.create();
        consultantA = Api.basic(baseUrl(), a.consultantEmail(), TestTenants.PASSWORD);
        adminA = Api.basic(baseUrl(), a.adminEmail(), TestTenants.PASSWORD);
        adminEmail = a.adminEmail();
        adminB = Api.basic(baseUrl(), b.adminEmail(), TestTenants.PASSWORD);
        customerId = consultantA.post("/api/v1/customers", Map.of("name", "报价客户")).json().path("id").asText();
        projectId = consultantA.post("/api/v1/projects", Map.of("customerId", customerId, "name", "训练集群"))
                .json().path("id").asText();
    }

    @Test
    void emptyDraftIsNumberedReadListedAndInvisibleToAnotherTenant() {
        var created = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId, "options", List.of()));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String year = String.valueOf(today().getYear());
        assertThat(created.json().path("number").asText()).isEqualTo("Q-" + year + "-0001");
        assertThat(created.json().path("status").asText()).isEqualTo("DRAFT");
        assertThat(created.json().path("version").asInt()).isEqualTo(1);
        assertThat(created.json().path("validUntil").asText()).isEqualTo(today().plusDays(30).toString());
        String id = created.json().path("id").asText();

        var second = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId));
        assertThat(second.json().path("number").asText()).isEqualTo("Q-" + year + "-0002");

        assertThat(consultantA.get("/api/v1/quotes/" + id).status()).isEqualTo(200);
        var list = consultantA.get("/api/v1/quotes?status=DRAFT");
        assertThat(list.json()).hasSize(2);
        assertThat(list.header("X-Total-Count")).isEqualTo("2");
        assertThat(consultantA.get("/api/v1/projects/" + projectId + "/quotes").json()).hasSize(2);

        assertThat(adminB.get("/api/v1/quotes/" + id).status()).isEqualTo(404);
        assertThat(adminB.get("/api/v1/quotes").json()).isEmpty();
        assertThat(adminB.post("/api/v1/quotes", Map.of("projectId", projectId)).status()).isEqualTo(404);
    }

    @Test
    void searchFiltersByCustomerConsultantTextAndDate() {
        String other = consultantA.post("/api/v1/customers", Map.of("name", "另一客户"))
                .json().path("id").asText();
        String otherProject = consultantA.post("/api/v1/projects", Map.of("customerId", other, "name", "推理"))
                .json().path("id").asText();
        String mine = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId)).json().path("number").asText();
        adminA.post("/api/v1/quotes", Map.of("projectId", otherProject));
        String consultantId = consultantA.get("/api/v1/quotes").json().findValues("author").stream()
                .filter(a -> a.path("name").asText().startsWith("Consultant")).findFirst().orElseThrow()
                .path("id").asText();

        assertThat(consultantA.get("/api/v1/quotes?customerId=" + customerId).json().findValuesAsText("number"))
                .containsExactly(mine);
        assertThat(consultantA.get("/api/v1/quotes?consultantId=" + consultantId).json().findValuesAsText("number"))
                .containsExactly(mine);
        assertThat(consultantA.get("/api/v1/quotes?q=" + java.net.URLEncoder.encode("另一",
                java.nio.charset.StandardCharsets.UTF_8)).json()).hasSize(1);
        assertThat(consultantA.get("/api/v1/quotes?q=" + mine).json().findValuesAsText("number")).containsExactly(mine);
        String today = today().toString();
        assertThat(consultantA.get("/api/v1/quotes?from=" + today + "&to=" + today).json()).hasSize(2);
        assertThat(consultantA.get("/api/v1/quotes?to=2020-01-01").json()).isEmpty();
        assertThat(consultantA.get("/api/v1/quotes?status=SENT").json()).isEmpty();
        assertThat(consultantA.get("/api/v1/quotes?status=NONSENSE").status()).isEqualTo(400);
    }

    @Test
    void openApiDescribesTheQuoteAndAgreementEndpoints() {
        var docs = consultantA.get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.body()).contains("/api/v1/quotes/{id}/approve", "/api/v1/customers/{customerId}/agreements",
                "/api/v1/quotes/{id}/lines");
    }

    @Test
    void creatingAQuoteIsAudited() {
        String id = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId)).json().path("id").asText();
        assertThat(as.call(adminEmail, () -> audit.find(new com.gpuquote.audit.AuditLog.Filter(null,
                "QUOTE_CREATED", null, null), 0, 50)).stream().map(e -> e.entityId()).toList()).contains(id);
    }

    @Autowired
    AsUser as;
    @Autowired
    com.gpuquote.audit.AuditLog audit;

    @Test
    void badLinesNameEveryField() {
        var r = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId, "validUntil", "2000-01-01",
                "options", List.of(Map.of("name", "A",
                        "lines", List.of(Map.of("instanceType", "", "billingMode", "YEARLY", "quantity", 0,
                                "termMonths", 13, "manualDiscountPercent", 120)),
                        "serviceLines", List.of(Map.of("description", "部署"),
                                Map.of("description", "调优", "oneTimeAmount", "1.005"))))));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).containsExactlyInAnyOrder("validUntil",
                "options[0].lines[0].instanceType", "options[0].lines[0].region", "options[0].lines[0].quantity",
                "options[0].lines[0].termMonths", "options[0].lines[0].manualDiscountPercent",
                "options[0].serviceLines[0].monthlyAmount", "options[0].serviceLines[1].oneTimeAmount");
    }

    @Test
    void aQuoteIsValidForAtMostOneYear() {
        java.time.LocalDate today = today();
        var tooFar = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId,
                "validUntil", today.plusYears(1).plusDays(1).toString(), "options", List.of()));
        assertThat(tooFar.status()).as(tooFar.body()).isEqualTo(400);
        assertThat(tooFar.json().path("errors").findValuesAsText("field")).containsExactly("validUntil");
        var oneYear = consultantA.post("/api/v1/quotes", Map.of("projectId", projectId,
                "validUntil", today.plusYears(1).toString(), "options", List.of()));
        assertThat(oneYear.status()).as(oneYear.body()).isEqualTo(201);
    }
}
