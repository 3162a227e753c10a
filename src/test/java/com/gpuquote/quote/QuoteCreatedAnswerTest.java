package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 18: a create answers with the new draft built from what it wrote, not read back from the database. The answer
 * must be the one a read of the same quote gives, byte for byte, whatever the input looked like: amounts and
 * percentages written with fewer decimals than their columns keep, a sizing candidate whose key order and spacing
 * the database changes, vouchers, a rebate, service lines of both kinds, titles and summaries, and for an admin (with
 * margins) as for a consultant (with the floor hint).
 */
class QuoteCreatedAnswerTest extends QuoteApiSupport {

    @Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    @Test
    void anAdminsCreateAnswersWhatAReadOfTheQuoteGives() {
        String project = customerAndProject()[1];
        com.gpuquote.sizing.SizingRun run = as.call(tenant.consultantEmail(), () ->
                sizingRunService.save(new com.gpuquote.customer.ProjectId(UUID.fromString(project)),
                        "Llama 70B 推理", "{\"model\":\"llama-70b\"}", "{\"gpus\":8}"));
        // "zeta" before "alpha": jsonb keeps shorter keys first, so the stored text differs from the input's
        Map<String, Object> candidate = new LinkedHashMap<>();
        candidate.put("zeta", 1);
        candidate.put("alpha", List.of(1.5, 2));
        Map<String, Object> sized = with(with(with(line(A10, "MONTHLY", 8, 12), "sizingRunId", run.id().toString()),
                "sizingCandidate", candidate), "manualDiscountPercent", 2.5);
        Map<String, Object> hourly = with(with(line(T4, "HOURLY", 2, 3), "hoursPerMonth", 200),
                "manualDiscountPercent", 40);
        Map<String, Object> a = new LinkedHashMap<>(option(List.of(sized, hourly), List.of(
                Map.of("description", "上线实施", "oneTimeAmount", 5000),
                Map.of("description", "驻场运维", "monthlyAmount", "1200.5"))));
        a.put("title", "经济型");
        a.put("summary", "Llama 70B 推理，8 卡");
        a.put("vouchers", List.of(Map.of("name", "新客代金券", "amount", 300)));
        a.put("rebatePercent", 3);
        Map<String, Object> b = new LinkedHashMap<>(option(List.of(line(A10, "YEARLY", 1, 12)), List.of()));
        b.put("rebatePercent", 0);

        JsonNode created = assertCreatedAnswersAsRead(admin, quoteBody(project, a, b));

        JsonNode first = firstLine(created);
        assertThat(first.path("sizing").path("sizingRunId").asText()).isEqualTo(run.id().toString());
        assertThat(first.path("sizing").path("candidate").path("alpha").get(0).asDouble()).isEqualTo(1.5);
        assertThat(created.path("options").get(0).path("title").asText()).isEqualTo("经济型");
        assertThat(created.path("number").asText()).matches("Q-\\d{4}-\\d{4,}");
    }

    @Test
    void aConsultantsCreateAnswersWhatAReadOfTheQuoteGives() {
        String project = customerAndProject()[1];
        JsonNode created = assertCreatedAnswersAsRead(consultant, quoteBody(project,
                option(List.of(with(line(A10, "HOURLY", 3, 6), "manualDiscountPercent", "1.10"),
                        line(A10, "SPOT", 1, 1)), List.of()),
                option(List.of(line(T4, "MONTHLY", 4, 24)), List.of(Map.of("description", "迁移", "oneTimeAmount", "800")))));
        assertThat(created.path("options")).hasSize(2);
        assertThat(created.path("status").asText()).isEqualTo("DRAFT");
    }

    /** Creates, reads the quote back as the same user, and asserts both bodies are the same; answers the read. */
    private static JsonNode assertCreatedAnswersAsRead(Api api, Map<String, Object> body) {
        Api.Response created = api.post("/api/v1/quotes", body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        Api.Response read = api.get("/api/v1/quotes/" + created.json().path("id").asText());
        assertThat(read.status()).as(read.body()).isEqualTo(200);
        assertThat(created.json()).isEqualTo(read.json());
        assertThat(created.body()).isEqualTo(read.body());
        return read.json();
    }
}
