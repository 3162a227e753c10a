package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/** The status machine through REST: legal moves, every illegal one 409, approval rules, revise, edit rules. */
@CalendarTest
class QuoteWorkflowApiTest extends QuoteApiSupport {

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    private JsonNode belowFloorQuote(Api api) {
        return createQuote(api, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of()));
    }

    private JsonNode healthyQuote(Api api) {
        return createQuote(api, project, option(List.of(line(T4, "MONTHLY", 2, 6)),
                List.of(Map.of("description", "支持", "monthlyAmount", "200"))));
    }

    private static Api.Response post(Api api, String id, String action) {
        return api.post("/api/v1/quotes/" + id + "/" + action, action.equals("approve")
                ? Map.of("comment", "ok") : Map.of());
    }

    private static void refused(Api api, String id, String... actions) {
        for (String action : actions) {
            var r = post(api, id, action);
            assertThat(r.status()).as(action + ": " + r.body()).isEqualTo(409);
            assertThat(r.json().path("detail").asText()).as(action).isNotBlank();
        }
    }

    @Test
    void belowFloorGoesThroughApprovalThenSendAndRevise() {
        JsonNode q = belowFloorQuote(consultant);
        String id = q.path("id").asText();
        refused(admin, id, "approve", "send", "revise", "reopen");

        var submitted = post(consultant, id, "submit");
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        refused(consultant, id, "submit", "send", "revise");
        assertThat(consultant.put("/api/v1/quotes/" + id, Map.of("version", submitted.json().path("rowVersion").asInt(),
                "options", List.of())).status()).isEqualTo(409);
        assertThat(admin.get("/api/v1/quotes/pending-approvals").json().findValuesAsText("id")).contains(id);
        assertThat(consultant.get("/api/v1/quotes/pending-approvals").status()).isEqualTo(403);

        var byConsultant = post(consultant, id, "approve");
        assertThat(byConsultant.status()).isEqualTo(403);
        var noComment = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", " "));
        assertThat(noComment.status()).isEqualTo(400);
        assertThat(noComment.json().path("errors").findValuesAsText("field")).containsExactly("comment");

        var approved = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "战略客户，同意"));
        assertThat(approved.status()).as(approved.body()).isEqualTo(200);
        assertThat(approved.json().path("status").asText()).isEqualTo("APPROVED");
        assertThat(approved.json().path("approval").path("comment").asText()).isEqualTo("战略客户，同意");
        assertThat(approved.json().path("approval").path("approverName").asText()).startsWith("Admin");
        refused(admin, id, "approve", "submit", "revise");

        var sent = post(consultant, id, "send");
        assertThat(sent.status()).isEqualTo(200);
        assertThat(sent.json().path("status").asText()).isEqualTo("SENT");
        assertThat(sent.json().path("priceFrozen").asBoolean()).isTrue();
        refused(admin, id, "submit", "approve", "send", "reopen");

        var revised = post(consultant, id, "revise");
        assertThat(revised.status()).as(revised.body()).isEqualTo(201);
        JsonNode v2 = revised.json();
        assertThat(v2.path("version").asInt()).isEqualTo(2);
        assertThat(v2.path("number").asText()).isEqualTo(q.path("number").asText());
        assertThat(v2.path("status").asText()).isEqualTo("DRAFT");
        assertThat(firstLine(v2).path("netUnitPrice").asText()).isEqualTo("6.0000");
        assertThat(v2.path("id").asText()).isNotEqualTo(id);

        assertThat(consultant.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("SUPERSEDED");
        refused(admin, id, "revise", "submit", "approve", "send", "reopen");
        var versions = consultant.get("/api/v1/quotes/" + v2.path("id").asText() + "/versions").json();
        assertThat(versions.findValuesAsText("status")).containsExactly("SUPERSEDED", "DRAFT");
        var v1 = consultant.get("/api/v1/quotes/" + v2.path("id").asText() + "/versions/1");
        assertThat(v1.json().path("id").asText()).isEqualTo(id);
        assertThat(consultant.get("/api/v1/quotes?latestOnly=true").json().findValuesAsText("id"))
                .contains(v2.path("id").asText()).doesNotContain(id);
    }

    @Test
    void nothingBelowFloorIsApprovedDirectlyAndReopenGoesBackToDraft() {
        String id = healthyQuote(consultant).path("id").asText();
        var submitted = post(consultant, id, "submit");
        assertThat(submitted.json().path("status").asText()).isEqualTo("APPROVED");
        assertThat(submitted.json().has("approval")).isFalse();
        refused(admin, id, "approve");
        var reopened = post(consultant, id, "reopen");
        assertThat(reopened.status()).isEqualTo(200);
        assertThat(reopened.json().path("status").asText()).isEqualTo("DRAFT");
        assertThat(post(consultant, id, "submit").json().path("status").asText()).isEqualTo("APPROVED");
    }

    @Test
    void theAuthorCannotApproveTheirOwnQuote() {
        String id = belowFloorQuote(admin).path("id").asText();
        post(admin, id, "submit");
        var self = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "mine"));
        assertThat(self.status()).isEqualTo(403);
        assertThat(self.json().path("code").asText()).isEqualTo("quote.error.selfApproval");
        assertThat(admin.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }

    @Test
    void draftsAreEditedWithTheRowVersionAndStaleWritesAnswer409() {
        JsonNode q = healthyQuote(consultant);
        String id = q.path("id").asText();
        int rowVersion = q.path("rowVersion").asInt();
        String lineId = firstLine(q).path("id").asText();
        Map<String, Object> body = Map.of("version", rowVersion, "validUntil", today().plusDays(10).toString(),
                "options", List.of(
                        option(List.of(with(line(T4, "MONTHLY", 3, 6), "id", lineId)), List.of()),
                        option(List.of(line(A10, "MONTHLY", 1, 12)), List.of())));
        var updated = consultant.put("/api/v1/quotes/" + id, body);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().path("options")).hasSize(2);
        assertThat(firstLine(updated.json()).path("id").asText()).isEqualTo(lineId);
        assertThat(firstLine(updated.json()).path("quantity").asInt()).isEqualTo(3);
        assertThat(updated.json().path("validUntil").asText()).isEqualTo(today().plusDays(10).toString());
        assertThat(updated.json().path("rowVersion").asInt()).isEqualTo(rowVersion + 1);

        var stale = consultant.put("/api/v1/quotes/" + id, body);
        assertThat(stale.status()).isEqualTo(409);
        var missing = consultant.put("/api/v1/quotes/" + id, Map.of("options", List.of()));
        assertThat(missing.status()).isEqualTo(400);

        var fewer = consultant.put("/api/v1/quotes/" + id, Map.of("version", rowVersion + 1,
                "options", List.of(option(List.of(line(A10, "HOURLY", 1, 1)), List.of()))));
        assertThat(fewer.json().path("options")).hasSize(1);
        var tooMany = consultant.put("/api/v1/quotes/" + id, Map.of("version", rowVersion + 2, "options",
                List.of(option(List.of(), List.of()), option(List.of(), List.of()), option(List.of(), List.of()),
                        option(List.of(), List.of()), option(List.of(), List.of()))));
        assertThat(tooMany.status()).isEqualTo(400);
    }

    @Test
    void submittingWithoutLinesIsRefusedByField() {
        String id = createQuote(consultant, project, option(List.of(), List.of())).path("id").asText();
        var r = post(consultant, id, "submit");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).containsExactly("options[0].lines");
    }

    @Test
    void addFromSizingKeepsTheRunAndTheCandidateThroughRevisions() {
        com.gpuquote.sizing.SizingRun run = as.call(tenant.consultantEmail(), () ->
                sizingRunService.save(new com.gpuquote.customer.ProjectId(java.util.UUID.fromString(project)),
                        "Llama 70B 推理", "{\"model\":\"llama-70b\"}", "{\"gpus\":8}"));
        Map<String, Object> l = with(with(line(A10, "MONTHLY", 8, 12), "sizingRunId", run.id().toString()),
                "sizingCandidate", Map.of("instanceType", A10, "count", 8, "ratio", "OK"));
        JsonNode q = createQuote(consultant, project, option(List.of(l), List.of()));
        JsonNode sizing = firstLine(q).path("sizing");
        assertThat(sizing.path("sizingRunId").asText()).isEqualTo(run.id().toString());
        assertThat(sizing.path("candidate").path("count").asInt()).isEqualTo(8);

        String id = q.path("id").asText();
        post(consultant, id, "submit");
        post(consultant, id, "send");
        JsonNode v2 = post(consultant, id, "revise").json();
        assertThat(firstLine(v2).path("sizing").path("sizingRunId").asText()).isEqualTo(run.id().toString());

        // one click: a candidate becomes a line of option B of the new draft; an edit keeps both references
        var added = consultant.post("/api/v1/quotes/" + v2.path("id").asText() + "/lines", Map.of(
                "version", v2.path("rowVersion").asInt(), "option", "B", "line", l));
        assertThat(added.status()).as(added.body()).isEqualTo(200);
        assertThat(added.json().path("options")).hasSize(2);
        JsonNode addedLine = added.json().path("options").get(1).path("lines").get(0);
        assertThat(addedLine.path("sizing").path("candidate").path("instanceType").asText()).isEqualTo(A10);
        Map<String, Object> keep = Map.of("version", added.json().path("rowVersion").asInt(), "options", List.of(
                option(List.of(with(line(A10, "MONTHLY", 4, 12), "id", firstLine(v2).path("id").asText())), List.of()),
                option(List.of(with(line(A10, "MONTHLY", 8, 12), "id", addedLine.path("id").asText())), List.of())));
        JsonNode edited = consultant.put("/api/v1/quotes/" + v2.path("id").asText(), keep).json();
        assertThat(firstLine(edited).path("quantity").asInt()).isEqualTo(4);
        assertThat(firstLine(edited).path("sizing").path("sizingRunId").asText()).isEqualTo(run.id().toString());
        assertThat(edited.path("options").get(1).path("lines").get(0).path("sizing").path("candidate").path("count")
                .asInt()).isEqualTo(8);

        var foreignRun = consultant.post("/api/v1/quotes", quoteBody(project, option(List.of(
                with(line(A10, "MONTHLY", 1, 12), "sizingRunId", java.util.UUID.randomUUID().toString())), List.of())));
        assertThat(foreignRun.status()).isEqualTo(400);
        assertThat(foreignRun.json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].lines[0].sizing.sizingRunId");
    }

    @Test
    void aSentQuotePastItsValidityReadsAsExpiredAndCanBeRevised() {
        String id = healthyQuote(consultant).path("id").asText();
        post(consultant, id, "submit");
        post(consultant, id, "send");
        // a day passes beyond validity: move the date in the tenant's own transaction
        as.run(tenant.adminEmail(), () -> new org.springframework.transaction.support.TransactionTemplate(txManager)
                .executeWithoutResult(s -> jdbc.sql("update quotes set valid_until = ? where id = ?")
                        .params(today().minusDays(1), java.util.UUID.fromString(id)).update()));
        JsonNode q = consultant.get("/api/v1/quotes/" + id).json();
        assertThat(q.path("status").asText()).isEqualTo("EXPIRED");
        assertThat(q.path("storedStatus").asText()).isEqualTo("SENT");
        JsonNode expired = consultant.get("/api/v1/quotes?status=EXPIRED").json();
        assertThat(expired).hasSize(1);
        assertThat(expired.get(0).path("id").asText()).isEqualTo(id);
        assertThat(consultant.get("/api/v1/quotes?status=SENT").json()).isEmpty();
        refused(consultant, id, "send", "submit");
        var revised = post(consultant, id, "revise");
        assertThat(revised.status()).isEqualTo(201);
        assertThat(revised.json().path("status").asText()).isEqualTo("DRAFT");
        assertThat(consultant.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("SUPERSEDED");
    }

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.customer.ProjectService projects;

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;
    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.transaction.PlatformTransactionManager txManager;
    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.simple.JdbcClient jdbc;
}
