package com.gpuquote.shared.web;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.PortalFixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The medium findings of issue 11, one test each: what the database refused answered 500, the portal 302. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@CalendarTest
class InputHardeningApiTest extends IntegrationTest {

    @Autowired
    PortalFixtures fixtures;

    PortalFixtures.Sent sent;
    Api consultant;
    Api admin;
    String projectId;

    @BeforeAll
    void tenant() {
        sent = fixtures.sentQuote();
        consultant = Api.basic(baseUrl(), sent.tenant().consultantEmail(), TestTenants.PASSWORD);
        admin = Api.basic(baseUrl(), sent.tenant().adminEmail(), TestTenants.PASSWORD);
        projectId = sent.project().id().value().toString();
    }

    @Test
    void aNulInATextFieldIsA400NamingTheFieldAndStoresNothing() throws SQLException {
        long before = count("customers");
        var r = consultant.post("/api/v1/customers", Map.of("name", "深度\u0000智算"));
        assertBadField(r, "name", "control characters");
        assertThat(count("customers")).isEqualTo(before);
    }

    @Test
    void aLineBreakIsRefusedInANameButKeptInAnAddress() throws SQLException {
        long before = count("customers");
        assertBadField(consultant.post("/api/v1/customers", Map.of("name", "深度\n智算")), "name", "single line");
        // the rule goes by the property's ending in any case ("creditCode" ends in "code"); billingAddress may span lines
        assertBadField(consultant.post("/api/v1/customers", Map.of("name", "深度智算", "creditCode", "9111\t0000")),
                "creditCode", "single line");
        assertThat(count("customers")).isEqualTo(before);
        var kept = consultant.post("/api/v1/customers", Map.of("name", "深度智算 " + java.util.UUID.randomUUID(),
                "billingAddress", "北京市海淀区\n中关村大街 1 号"));
        assertThat(kept.status()).as(kept.body()).isEqualTo(201);
        assertThat(kept.json().path("billingAddress").asText()).isEqualTo("北京市海淀区\n中关村大街 1 号");
    }

    @Test
    void anAmountAboveWhatTheColumnHoldsIsA400() throws SQLException {
        long before = count("quotes");
        var r = consultant.post("/api/v1/quotes", "{\"projectId\":\"" + projectId + "\",\"options\":[{\"name\":\"A\","
                + "\"lines\":[],\"serviceLines\":[{\"description\":\"部署\",\"oneTimeAmount\":123456789012345678}]}]}");
        assertBadField(r, "options[0].serviceLines[0].oneTimeAmount");
        assertThat(count("quotes")).isEqualTo(before);
    }

    @Test
    void anEmailWithUnicodeSpacesIsRefusedLikeTheDatabaseDoes() throws SQLException {
        long before = count("customers");
        for (String email : List.of("zhang\u3000san@customer.example", "zhang@customer\u2003.example")) {
            var r = consultant.post("/api/v1/customers", Map.of("name", "深度智算",
                    "contacts", List.of(Map.of("name", "张三", "email", email))));
            assertBadField(r, "contacts[0].email");
        }
        assertThat(count("customers")).isEqualTo(before);
    }

    @Test
    void anApprovalCommentLongerThanItsColumnIsA400() {
        var line = Map.of("instanceType", PortalFixtures.A10, "region", "cn-beijing", "billingMode", "MONTHLY",
                "quantity", 1, "termMonths", 12, "manualDiscountPercent", 60);
        var quote = consultant.post("/api/v1/quotes", Map.of("projectId", projectId,
                "options", List.of(Map.of("name", "A", "lines", List.of(line)))));
        assertThat(quote.status()).as(quote.body()).isEqualTo(201);
        String id = quote.json().path("id").asText();
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of("justification", "60 % off: below cost"));
        assertThat(submitted.json().path("status").asText()).as(submitted.body()).isEqualTo("PENDING_APPROVAL");

        var r = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "好".repeat(2001)));
        assertBadField(r, "comment");
        assertThat(admin.get("/api/v1/quotes/" + id).json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
        assertThat(admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "好".repeat(2000), "confirmBelowCost", true)).status())
                .isEqualTo(200);
    }

    @Test
    void timestampsOutsideTheSupportedRangeAre400() throws SQLException {
        long before = count("price_lists");
        for (String at : List.of("+294277-01-01T00:00:00Z", "-4714-11-24T00:00:00Z", "9999-12-31T00:00:00Z")) {
            var r = admin.post("/api/v1/price-lists", Map.of("name", "远期", "provider", "VOLCENGINE", "effectiveFrom", at));
            assertBadField(r, "effectiveFrom");
            assertBadField(consultant.get("/api/v1/prices?instanceType=" + PortalFixtures.A10 + "&at="
                    + java.net.URLEncoder.encode(at, java.nio.charset.StandardCharsets.UTF_8)), "at");
        }
        assertThat(count("price_lists")).isEqualTo(before);
    }

    @Test
    void aPlainDateIsTheStartOfThatBusinessDayWhereAStartIsAsked() {
        var r = admin.post("/api/v1/price-lists", Map.of("name", "2030", "provider", "VOLCENGINE",
                "effectiveFrom", "2030-01-01"));
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        // 00:00 in Asia/Shanghai (UTC+8) is 16:00 UTC the day before
        assertThat(java.time.Instant.parse(r.json().path("effectiveFrom").asText()))
                .isEqualTo(java.time.Instant.parse("2029-12-31T16:00:00Z"));
        var wrong = admin.post("/api/v1/price-lists", Map.of("name", "2030", "provider", "VOLCENGINE",
                "effectiveFrom", Map.of("year", 2030)));
        assertBadField(wrong, "effectiveFrom");
        assertThat(wrong.json().path("errors").get(0).path("message").asText())
                .contains("an ISO-8601 date or date-time");
    }

    @Test
    void wrongJsonTypesAreRefusedNotCoerced() {
        var name = consultant.post("/api/v1/customers", "{\"name\":123}");
        assertBadField(name, "name");
        assertThat(name.json().path("errors").get(0).path("message").asText()).isEqualTo("expected a string");
        var quantity = consultant.post("/api/v1/quotes", "{\"projectId\":\"" + projectId + "\",\"options\":[{\"name\":"
                + "\"A\",\"lines\":[{\"instanceType\":\"" + PortalFixtures.A10 + "\",\"region\":\"cn-beijing\","
                + "\"billingMode\":\"MONTHLY\",\"quantity\":1.5,\"termMonths\":12}]}]}");
        assertBadField(quantity, "options[0].lines[0].quantity");
        assertThat(quantity.json().path("errors").get(0).path("message").asText()).isEqualTo("expected an integer");
    }

    @Test
    void documentedLimitsRefuseHugeQuantitiesLineCountsCandidatesAndRuleLists() throws SQLException {
        long quotes = count("quotes");
        Map<String, Object> line = new java.util.HashMap<>(Map.of("instanceType", PortalFixtures.A10,
                "region", "cn-beijing", "billingMode", "MONTHLY", "quantity", 10_001, "termMonths", 12));
        assertBadField(consultant.post("/api/v1/quotes", Map.of("projectId", projectId,
                "options", List.of(Map.of("name", "A", "lines", List.of(line))))), "options[0].lines[0].quantity");
        line.put("quantity", 1);
        assertBadField(consultant.post("/api/v1/quotes", Map.of("projectId", projectId,
                "options", List.of(Map.of("name", "A", "lines", java.util.Collections.nCopies(101, line))))),
                "options[0].lines");
        line.put("sizingCandidate", Map.of("notes", "x".repeat(70_000)));
        assertBadField(consultant.post("/api/v1/quotes", Map.of("projectId", projectId,
                "options", List.of(Map.of("name", "A", "lines", List.of(line))))), "options[0].lines[0].sizingCandidate");
        assertThat(count("quotes")).isEqualTo(quotes);

        var rule = Map.of("type", "PERCENT_OFF", "percent", 1, "scope", Map.of());
        assertBadField(admin.post("/api/v1/customers/" + sent.customer().id().value() + "/agreements", Map.of(
                "name", "巨量", "validFrom", "2032-01-01", "validTo", "2032-12-31",
                "rules", java.util.Collections.nCopies(201, rule))), "rules");
    }

    @Test
    void thePortalApiAnswersBadInputWithAProblemNeverARedirect() throws SQLException {
        Api anonymous = Api.anonymous(baseUrl());
        String base = "/portal/api/" + sent.token();
        long questions = count("portal_questions");
        List<Api.Response> answers = new ArrayList<>();
        answers.add(anonymous.post(base + "/questions", Map.of("text", "可以\u0000按月付吗")));
        answers.add(anonymous.post(base + "/reject", Map.of("reason", "预算\u0000不足")));
        answers.add(anonymous.post(base + "/accept", Map.of("optionId", sent.optionId("B"), "signerName", "张三",
                "signerEmail", "zhang\u3000san@customer.example", "agree", true)));
        for (Api.Response r : answers) {
            assertThat(r.status()).as(r.body()).isEqualTo(400);
            assertThat(r.header("Location")).isNull();
            assertThat(r.header("Content-Type")).startsWith("application/problem+json");
            assertThat(r.body()).doesNotContain(sent.token());
        }
        assertThat(answers.get(2).json().path("errors").get(0).path("field").asText()).isEqualTo("signerEmail");
        assertThat(count("portal_questions")).isEqualTo(questions);
        assertThat(anonymous.get(base).json().path("status").asText()).isIn("SENT", "VIEWED");
    }

    @Test
    void whateverTheDatabaseStillRefusesIsA400NamingTheColumnNotA500() {
        var r = consultant.get("/api/v1/test-support/refused-by-database");
        assertBadField(r, "billingAddress");
        assertThat(r.body()).doesNotContain("customers_billing_address_check").doesNotContain("relation");
    }

    private static void assertBadField(Api.Response r, String field) {
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.header("Content-Type")).startsWith("application/problem+json");
        List<String> fields = new ArrayList<>();
        r.json().path("errors").forEach(e -> fields.add(e.path("field").asText()));
        assertThat(fields).as(r.body()).contains(field);
    }

    /** {@link #assertBadField(Api.Response, String)}, and the first error's message says {@code messagePart}. */
    private static void assertBadField(Api.Response r, String field, String messagePart) {
        assertBadField(r, field);
        assertThat(r.json().path("errors").get(0).path("message").asText()).contains(messagePart);
    }

    private static long count(String table) throws SQLException {
        try (Connection c = TestDatabase.adminConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
