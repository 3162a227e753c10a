package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.A10X8;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16, "compare two versions": {@code GET /api/v1/quotes/{id}/versions/{a}/diff/{b}} with hand-computed figures
 * (fixture prices: T4 MONTHLY 1,500, A10 MONTHLY 5,000, A10 HOURLY 10, A10×8 MONTHLY 40,000; VAT 6 %).
 */
@CalendarTest
class QuoteVersionDiffApiTest extends QuoteApiSupport {

    String project;
    String v1;
    String v2;

    /**
     * v1 (sent, then revised) A: T4 MONTHLY 2 × 1,500 × 6 = 18,000.00 and A10 MONTHLY 1 × 5,000 × 12 = 60,000.00;
     * subtotal 78,000.00, VAT 4,680.00, grand total 82,680.00.
     * <br>v2 A: T4 MONTHLY 3 × 1,500 × 6 = 27,000.00 (quantity changed), A10 MONTHLY removed, A10 HOURLY
     * 1 × 10 × 730 h × 1 = 7,300.00 added; subtotal 34,300.00, VAT 2,058.00, grand total 36,358.00.
     * <br>v2 B (added): A10×8 MONTHLY 1 × 40,000 × 1 = 40,000.00, VAT 2,400.00, grand total 42,400.00.
     */
    @BeforeEach
    void twoVersions() {
        tenantWithPrices();
        project = customerAndProject()[1];
        JsonNode q = createQuote(consultant, project,
                option(List.of(line(T4, "MONTHLY", 2, 6), line(A10, "MONTHLY", 1, 12)), List.of()));
        v1 = q.path("id").asText();
        consultant.post("/api/v1/quotes/" + v1 + "/submit", Map.of());
        consultant.post("/api/v1/quotes/" + v1 + "/send", Map.of());
        JsonNode revised = consultant.post("/api/v1/quotes/" + v1 + "/revise", Map.of()).json();
        v2 = revised.path("id").asText();
        String t4Line = firstLine(revised).path("id").asText();
        var updated = consultant.put("/api/v1/quotes/" + v2, Map.of("version", revised.path("rowVersion").asInt(),
                "options", List.of(
                        option(List.of(with(line(T4, "MONTHLY", 3, 6), "id", t4Line), line(A10, "HOURLY", 1, 1)),
                                List.of()),
                        option(List.of(line(A10X8, "MONTHLY", 1, 1)), List.of()))));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
    }

    private static List<String> changes(JsonNode option) {
        List<String> out = new ArrayList<>();
        option.path("lines").forEach(l -> out.add(l.path("change").asText() + " " + l.path("instanceType").asText()
                + " " + l.path("billingMode").asText()));
        return out;
    }

    @Test
    void linesAddedRemovedAndChangedAndAnAddedOptionWithHandComputedDifferences() {
        var r = consultant.get("/api/v1/quotes/" + v2 + "/versions/1/diff/2");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode d = r.json();
        assertThat(d.path("from").path("version").asInt()).isEqualTo(1);
        assertThat(d.path("from").path("id").asText()).isEqualTo(v1);
        assertThat(d.path("from").path("status").asText()).isEqualTo("SUPERSEDED");
        assertThat(d.path("to").path("version").asInt()).isEqualTo(2);
        assertThat(d.path("to").path("status").asText()).isEqualTo("DRAFT");

        JsonNode a = d.path("options").get(0);
        assertThat(a.path("option").asText()).isEqualTo("A");
        assertThat(a.path("status").asText()).isEqualTo("CHANGED");
        assertThat(changes(a)).containsExactly("CHANGED " + T4 + " MONTHLY", "ADDED " + A10 + " HOURLY",
                "REMOVED " + A10 + " MONTHLY");
        JsonNode t4 = a.path("lines").get(0);
        assertThat(t4.path("region").asText()).isEqualTo(QuoteFixtures.REGION);
        assertThat(t4.path("before").path("quantity").asInt()).isEqualTo(2);
        assertThat(t4.path("after").path("quantity").asInt()).isEqualTo(3);
        assertThat(t4.path("before").path("unitPrice").asText()).isEqualTo("1500.0000");
        assertThat(t4.path("before").path("amount").asText()).isEqualTo("18000.00");
        assertThat(t4.path("after").path("amount").asText()).isEqualTo("27000.00");
        assertThat(t4.path("difference").asText()).isEqualTo("9000.00");
        JsonNode added = a.path("lines").get(1);
        assertThat(added.path("before").isNull()).isTrue();
        assertThat(added.path("after").path("amount").asText()).isEqualTo("7300.00");
        assertThat(added.path("difference").asText()).isEqualTo("7300.00");
        JsonNode removed = a.path("lines").get(2);
        assertThat(removed.path("after").isNull()).isTrue();
        assertThat(removed.path("before").path("amount").asText()).isEqualTo("60000.00");
        assertThat(removed.path("difference").asText()).isEqualTo("-60000.00");
        assertThat(a.path("subtotalBefore").asText()).isEqualTo("78000.00");
        assertThat(a.path("subtotalAfter").asText()).isEqualTo("34300.00");
        assertThat(a.path("totalBefore").asText()).isEqualTo("82680.00");
        assertThat(a.path("totalAfter").asText()).isEqualTo("36358.00");
        assertThat(a.path("difference").asText()).isEqualTo("-46322.00");

        JsonNode b = d.path("options").get(1);
        assertThat(b.path("option").asText()).isEqualTo("B");
        assertThat(b.path("status").asText()).isEqualTo("ADDED");
        assertThat(changes(b)).containsExactly("ADDED " + A10X8 + " MONTHLY");
        assertThat(b.path("totalBefore").isNull()).isTrue();
        assertThat(b.path("totalAfter").asText()).isEqualTo("42400.00");
        assertThat(b.path("difference").asText()).isEqualTo("42400.00");

        // issue 39: options are alternatives: no quote-level total over A and B (it was 78,758.00, a sum nobody pays)
        assertThat(d.path("totalsPerOption").asBoolean()).isTrue();
        assertThat(d.path("totalBefore").isNull()).isTrue();
        assertThat(d.path("totalAfter").isNull()).isTrue();
        assertThat(d.path("difference").isNull()).isTrue();
        assertThat(d.path("changes").path("added").asInt()).isEqualTo(2);
        assertThat(d.path("changes").path("removed").asInt()).isEqualTo(1);
        assertThat(d.path("changes").path("changed").asInt()).isEqualTo(1);

        // the other way round, from any version's id: B removed, differences negated
        JsonNode back = consultant.get("/api/v1/quotes/" + v1 + "/versions/2/diff/1").json();
        assertThat(back.path("options").get(1).path("status").asText()).isEqualTo("REMOVED");
        assertThat(back.path("options").get(0).path("difference").asText()).isEqualTo("46322.00");
        assertThat(back.path("options").get(1).path("difference").asText()).isEqualTo("-42400.00");
        assertThat(back.path("difference").isNull()).isTrue();
    }

    @Test
    void aVersionComparedWithItselfIsUnchangedEverywhere() {
        JsonNode d = consultant.get("/api/v1/quotes/" + v2 + "/versions/1/diff/1").json();
        assertThat(d.path("options")).hasSize(1);
        assertThat(d.path("options").get(0).path("status").asText()).isEqualTo("UNCHANGED");
        assertThat(changes(d.path("options").get(0))).allMatch(c -> c.startsWith("UNCHANGED"));
        assertThat(d.path("options").get(0).path("difference").asText()).isEqualTo("0.00");
        // one option: the quote's total is that option's
        assertThat(d.path("totalsPerOption").asBoolean()).isFalse();
        assertThat(d.path("totalBefore").asText()).isEqualTo("82680.00");
        assertThat(d.path("difference").asText()).isEqualTo("0.00");
    }

    @Test
    void aDraftThatCannotBePricedTodayIsComparedByItsLinesWithoutAmounts() {
        // A10 HOURLY leaves the price list: the v2 draft (priced live) has no prices; v1 keeps its snapshot
        fixtures.publish(tenant, QuoteFixtures.ROWS.stream().filter(r -> !r.contains(A10 + ",HOURLY")).toList());
        var r = consultant.get("/api/v1/quotes/" + v2 + "/versions/1/diff/2");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        JsonNode d = r.json();
        assertThat(d.path("from").path("priced").asBoolean()).isTrue();
        assertThat(d.path("to").path("priced").asBoolean()).isFalse();
        JsonNode a = d.path("options").get(0);
        assertThat(changes(a)).containsExactly("CHANGED " + T4 + " MONTHLY", "ADDED " + A10 + " HOURLY",
                "REMOVED " + A10 + " MONTHLY");
        JsonNode t4 = a.path("lines").get(0);
        assertThat(t4.path("after").path("quantity").asInt()).isEqualTo(3);
        assertThat(t4.path("after").path("amount").isNull()).isTrue();
        assertThat(t4.path("difference").isNull()).as("unknown, not −18,000").isTrue();
        assertThat(a.path("lines").get(2).path("difference").asText()).isEqualTo("-60000.00");
        assertThat(a.path("totalBefore").asText()).isEqualTo("82680.00");
        assertThat(a.path("totalAfter").isNull()).isTrue();
        assertThat(a.path("difference").isNull()).isTrue();
        assertThat(d.path("totalAfter").isNull()).isTrue();
        assertThat(d.path("difference").isNull()).isTrue();
    }

    // ------------------------------------------------------------------ issue 39: totals per option, never summed

    static final java.math.BigDecimal VAT = new java.math.BigDecimal("0.06");

    /** The test's calculator: a monthly line's term amount, and an option's grand total (VAT 6 %, half-up). */
    static java.math.BigDecimal term(String unit, int quantity, int months) {
        return new java.math.BigDecimal(unit).multiply(java.math.BigDecimal.valueOf((long) quantity * months))
                .setScale(2, java.math.RoundingMode.HALF_UP);
    }

    static java.math.BigDecimal grand(java.math.BigDecimal subtotal) {
        return subtotal.add(subtotal.multiply(VAT).setScale(2, java.math.RoundingMode.HALF_UP));
    }

    static String s(java.math.BigDecimal v) {
        return v.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
    }

    /**
     * v1: A = 2 × T4 monthly for 6 months, B = 1 × A10 monthly for 12 months. v2: A = 3 × T4 (6 months), B = 2 × A10
     * (12 months), C added = 1 × A10×8 monthly for 1 month. Each option is compared with itself (A with A, B with B),
     * C as added; nothing is summed over the options (grand totals: A 19,080.00 → 28,620.00, B 63,600.00 →
     * 127,200.00, C → 42,400.00; the old quote-level figure was 82,680.00 → 198,220.00).
     */
    @Test
    void aQuoteWithTwoOptionsIsComparedOptionByOptionNeverSummed() {
        JsonNode q = createQuote(consultant, project, option(List.of(line(T4, "MONTHLY", 2, 6)), List.of()),
                option(List.of(line(A10, "MONTHLY", 1, 12)), List.of()));
        String first = q.path("id").asText();
        consultant.post("/api/v1/quotes/" + first + "/submit", Map.of());
        consultant.post("/api/v1/quotes/" + first + "/send", Map.of());
        JsonNode revised = consultant.post("/api/v1/quotes/" + first + "/revise", Map.of()).json();
        String second = revised.path("id").asText();
        var updated = consultant.put("/api/v1/quotes/" + second, Map.of("version", revised.path("rowVersion").asInt(),
                "options", List.of(option(List.of(line(T4, "MONTHLY", 3, 6)), List.of()),
                        option(List.of(line(A10, "MONTHLY", 2, 12)), List.of()),
                        option(List.of(line(A10X8, "MONTHLY", 1, 1)), List.of()))));
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);

        java.math.BigDecimal aBefore = grand(term("1500", 2, 6));
        java.math.BigDecimal aAfter = grand(term("1500", 3, 6));
        java.math.BigDecimal bBefore = grand(term("5000", 1, 12));
        java.math.BigDecimal bAfter = grand(term("5000", 2, 12));
        java.math.BigDecimal cAfter = grand(term("40000", 1, 1));
        assertThat(List.of(aBefore, aAfter, bBefore, bAfter, cAfter)).extracting(QuoteVersionDiffApiTest::s)
                .containsExactly("19080.00", "28620.00", "63600.00", "127200.00", "42400.00");

        JsonNode d = consultant.get("/api/v1/quotes/" + second + "/versions/1/diff/2").json();
        assertThat(d.path("options").findValuesAsText("option")).containsExactly("A", "B", "C");
        assertThat(d.path("options").findValuesAsText("status")).containsExactly("CHANGED", "CHANGED", "ADDED");
        JsonNode a = d.path("options").get(0);
        assertThat(a.path("totalBefore").asText()).isEqualTo(s(aBefore));
        assertThat(a.path("totalAfter").asText()).isEqualTo(s(aAfter));
        assertThat(a.path("difference").asText()).isEqualTo(s(aAfter.subtract(aBefore)));
        assertThat(a.path("subtotalDifference").asText()).isEqualTo(s(term("1500", 3, 6).subtract(term("1500", 2, 6))));
        JsonNode b = d.path("options").get(1);
        assertThat(b.path("totalBefore").asText()).isEqualTo(s(bBefore));
        assertThat(b.path("totalAfter").asText()).isEqualTo(s(bAfter));
        assertThat(b.path("difference").asText()).isEqualTo(s(bAfter.subtract(bBefore)));
        JsonNode c = d.path("options").get(2);
        assertThat(c.path("totalBefore").isNull()).isTrue();
        assertThat(c.path("totalAfter").asText()).isEqualTo(s(cAfter));
        assertThat(c.path("difference").asText()).isEqualTo(s(cAfter));
        assertThat(d.path("totalsPerOption").asBoolean()).isTrue();
        assertThat(d.path("totalBefore").isNull()).isTrue();
        assertThat(d.path("totalAfter").isNull()).isTrue();
        assertThat(d.path("difference").isNull()).isTrue();
        assertThat(d.toString()).doesNotContain(s(aBefore.add(bBefore)), s(aAfter.add(bAfter).add(cAfter)));

        // the other way round: C removed, each option's difference negated, still nothing summed
        JsonNode back = consultant.get("/api/v1/quotes/" + second + "/versions/2/diff/1").json();
        assertThat(back.path("options").findValuesAsText("status")).containsExactly("CHANGED", "CHANGED", "REMOVED");
        assertThat(back.path("options").get(1).path("difference").asText()).isEqualTo(s(bBefore.subtract(bAfter)));
        assertThat(back.path("options").get(2).path("difference").asText()).isEqualTo(s(cAfter.negate()));
        assertThat(back.path("totalBefore").isNull()).isTrue();
    }

    @Test
    void unknownVersionsAre404BadOnes400AndAnotherTenantSeesNothing() {
        assertThat(consultant.get("/api/v1/quotes/" + v2 + "/versions/1/diff/3").status()).isEqualTo(404);
        assertThat(consultant.get("/api/v1/quotes/" + v2 + "/versions/0/diff/2").status()).isEqualTo(404);
        assertThat(consultant.get("/api/v1/quotes/" + UUID.randomUUID() + "/versions/1/diff/2").status())
                .isEqualTo(404);
        var bad = consultant.get("/api/v1/quotes/" + v2 + "/versions/one/diff/2");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field")).containsExactly("a");
        Api other = Api.basic(baseUrl(), fixtures.tenantWithPrices().consultantEmail(), TestTenants.PASSWORD);
        assertThat(other.get("/api/v1/quotes/" + v2 + "/versions/1/diff/2").status()).isEqualTo(404);
    }
}
