package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Status transitions can name the row version the caller saw ("rowVersion" in the body or If-Match): a quote that
 * changed since is refused with 409 and stays as it is, so nobody approves or sends content they never saw.
 */
class QuoteStaleTransitionApiTest extends QuoteApiSupport {

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    private JsonNode get(String id) {
        return consultant.get("/api/v1/quotes/" + id).json();
    }

    private static int rowVersion(JsonNode q) {
        return q.path("rowVersion").asInt();
    }

    @Test
    void anAdminCannotApproveAQuoteThatChangedAfterTheyLookedAtIt() {
        JsonNode q = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of()));
        String id = q.path("id").asText();
        JsonNode submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of("rowVersion", rowVersion(q))).json();
        assertThat(submitted.path("status").asText()).isEqualTo("PENDING_APPROVAL");
        int seenByAdmin = rowVersion(admin.get("/api/v1/quotes/" + id).json());

        // meanwhile the consultant reopens, deepens the discount and submits again
        JsonNode reopened = consultant.post("/api/v1/quotes/" + id + "/reopen", Map.of()).json();
        JsonNode edited = consultant.put("/api/v1/quotes/" + id, Map.of("version", rowVersion(reopened),
                "options", List.of(option(List.of(with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 60)),
                        List.of())))).json();
        // 60 % off is below cost: submitted with the consultant's reasons, approved with the second confirmation
        JsonNode resubmitted = consultant.post("/api/v1/quotes/" + id + "/submit",
                Map.of("justification", "竞争性报价")).json();
        assertThat(resubmitted.path("status").asText()).isEqualTo("PENDING_APPROVAL");
        assertThat(rowVersion(edited)).isGreaterThan(seenByAdmin);

        var stale = admin.post("/api/v1/quotes/" + id + "/approve", Map.of("comment", "同意", "rowVersion", seenByAdmin));
        assertThat(stale.status()).as(stale.body()).isEqualTo(409);
        JsonNode unchanged = get(id);
        assertThat(unchanged.path("status").asText()).isEqualTo("PENDING_APPROVAL");
        assertThat(unchanged.path("approval").isMissingNode() || unchanged.path("approval").isNull()).isTrue();
        assertThat(rowVersion(unchanged)).isEqualTo(rowVersion(resubmitted));

        var current = admin.post("/api/v1/quotes/" + id + "/approve",
                Map.of("comment", "看过 60% 折扣，同意", "rowVersion", rowVersion(unchanged), "confirmBelowCost", true));
        assertThat(current.status()).as(current.body()).isEqualTo(200);
        assertThat(current.json().path("status").asText()).isEqualTo("APPROVED");
    }

    @Test
    void submitSendAndReviseRefuseAStaleVersionInTheBodyOrIfMatch() {
        JsonNode q = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()));
        String id = q.path("id").asText();
        int created = rowVersion(q);
        JsonNode edited = consultant.put("/api/v1/quotes/" + id, Map.of("version", created,
                "options", List.of(option(List.of(line(T4, "MONTHLY", 3, 6)), List.of())))).json();

        var staleSubmit = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of("rowVersion", created));
        assertThat(staleSubmit.status()).isEqualTo(409);
        assertThat(get(id).path("status").asText()).isEqualTo("DRAFT");
        var ifMatchSubmit = consultant.postWithHeader("/api/v1/quotes/" + id + "/submit", "If-Match", "\"" + created + "\"");
        assertThat(ifMatchSubmit.status()).isEqualTo(409);
        assertThat(get(id).path("status").asText()).isEqualTo("DRAFT");

        JsonNode approved = consultant.postWithHeader("/api/v1/quotes/" + id + "/submit", "If-Match",
                "\"" + rowVersion(edited) + "\"").json();
        assertThat(approved.path("status").asText()).as("nothing below floor").isEqualTo("APPROVED");

        var staleSend = consultant.post("/api/v1/quotes/" + id + "/send", Map.of("rowVersion", rowVersion(edited)));
        assertThat(staleSend.status()).isEqualTo(409);
        assertThat(get(id).path("status").asText()).isEqualTo("APPROVED");
        JsonNode sent = consultant.post("/api/v1/quotes/" + id + "/send", Map.of("rowVersion", rowVersion(approved))).json();
        assertThat(sent.path("status").asText()).isEqualTo("SENT");

        var staleRevise = consultant.postWithHeader("/api/v1/quotes/" + id + "/revise", "If-Match",
                "W/\"" + rowVersion(approved) + "\"");
        assertThat(staleRevise.status()).isEqualTo(409);
        assertThat(consultant.get("/api/v1/quotes/" + id + "/versions").json()).hasSize(1);
        assertThat(get(id).path("status").asText()).isEqualTo("SENT");

        var bad = consultant.postWithHeader("/api/v1/quotes/" + id + "/revise", "If-Match", "\"abc\"");
        assertThat(bad.status()).isEqualTo(400);

        var revised = consultant.post("/api/v1/quotes/" + id + "/revise", Map.of("rowVersion", rowVersion(get(id))));
        assertThat(revised.status()).as(revised.body()).isEqualTo(201);
        assertThat(consultant.get("/api/v1/quotes/" + id + "/versions").json()).hasSize(2);
    }
}
