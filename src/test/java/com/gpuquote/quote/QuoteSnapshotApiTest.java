package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/** Prices are captured at submit and frozen by send: a new price list changes drafts only. */
@CalendarTest
class QuoteSnapshotApiTest extends QuoteApiSupport {

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    @AfterEach
    void resetTheClock() {
        clock.reset();
    }

    @Test
    void aSentQuoteKeepsItsPricesAfterANewPriceListAndADraftFollowsTheNewList() {
        String project = customerAndProject()[1];
        JsonNode sentQuote = createQuote(consultant, project, option(List.of(line(A10, "HOURLY", 2, 3)),
                List.of(Map.of("description", "支持", "monthlyAmount", "100"))));
        String sentId = sentQuote.path("id").asText();
        consultant.post("/api/v1/quotes/" + sentId + "/submit", Map.of());
        JsonNode sent = consultant.post("/api/v1/quotes/" + sentId + "/send", Map.of()).json();
        assertThat(sent.path("status").asText()).isEqualTo("SENT");
        String draftId = createQuote(consultant, project, option(List.of(line(A10, "HOURLY", 2, 3)), List.of()))
                .path("id").asText();
        String adminBefore = admin.get("/api/v1/quotes/" + sentId).json().path("options").toString();

        // the new list takes effect a minute later on the application's clock
        clock.advance(Duration.ofMinutes(1));
        fixtures.publish(tenant, List.of(QuoteFixtures.row(A10, "HOURLY", "20.0000", "15.0000")));

        JsonNode after = consultant.get("/api/v1/quotes/" + sentId).json();
        assertThat(after.path("options").toString()).isEqualTo(sent.path("options").toString());
        assertThat(firstLine(after).path("listUnitPrice").asText()).isEqualTo("10.0000");
        assertThat(admin.get("/api/v1/quotes/" + sentId).json().path("options").toString()).isEqualTo(adminBefore);
        assertThat(firstLine(consultant.get("/api/v1/quotes/" + draftId).json()).path("listUnitPrice").asText())
                .isEqualTo("20.0000");
        // the revision of the sent quote is priced on the new list
        JsonNode v2 = consultant.post("/api/v1/quotes/" + sentId + "/revise", Map.of()).json();
        assertThat(firstLine(v2).path("listUnitPrice").asText()).isEqualTo("20.0000");
    }

    @Test
    void consultantResponsesNeverCarryCostOrMargin() {
        String project = customerAndProject()[1];
        var created = consultant.post("/api/v1/quotes", quoteBody(project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of())));
        String id = created.json().path("id").asText();
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        List<String> bodies = List.of(created.body(), submitted.body(), consultant.get("/api/v1/quotes/" + id).body(),
                consultant.get("/api/v1/quotes").body(), consultant.get("/api/v1/quotes/" + id + "/versions/1").body());
        for (String body : bodies) {
            assertThat(body.toLowerCase()).doesNotContain("cost").doesNotContain("margin");
        }
        assertThat(admin.get("/api/v1/quotes/" + id).body()).contains("costUnitPrice").contains("marginPercent");
    }
}
