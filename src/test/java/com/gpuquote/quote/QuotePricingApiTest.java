package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static com.gpuquote.quote.QuoteFixtures.A10X8;
import static com.gpuquote.quote.QuoteFixtures.T4;
import static com.gpuquote.quote.QuoteFixtures.T4X2;
import static org.assertj.core.api.Assertions.assertThat;

/** The waterfall, amounts, totals, VAT and the billing-mode comparison through the REST API and the database. */
class QuotePricingApiTest extends QuoteApiSupport {

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    @Test
    void listPricesTotalsAndVatWithoutAgreement() {
        String project = customerAndProject()[1];
        JsonNode q = createQuote(consultant, project, option(
                List.of(line(A10, "HOURLY", 2, 3)),
                List.of(Map.of("description", "部署与调优", "monthlyAmount", "1000"),
                        Map.of("description", "上线实施", "oneTimeAmount", "5000.00"))));
        JsonNode o = q.path("options").get(0);
        JsonNode l = o.path("lines").get(0);
        assertThat(o.path("name").asText()).isEqualTo("A");
        assertThat(l.path("listUnitPrice").asText()).isEqualTo("10.0000");
        assertThat(l.path("netUnitPrice").asText()).isEqualTo("10.0000");
        assertThat(waterfall(l)).containsExactly("LIST=10.0000", "AGREEMENT=10.0000", "VOLUME=10.0000",
                "TERM=10.0000", "MANUAL=10.0000");
        assertThat(l.path("monthlyAmount").asText()).isEqualTo("14600.00"); // 10 × 730 h × 2
        assertThat(l.path("termAmount").asText()).isEqualTo("43800.00");
        assertThat(l.path("belowFloor").asBoolean()).isFalse();
        assertThat(o.path("monthlyNet").asText()).isEqualTo("15600.00");
        assertThat(o.path("termNet").asText()).isEqualTo("46800.00");   // 43800 + 1000 × 3
        assertThat(o.path("oneTime").asText()).isEqualTo("5000.00");
        assertThat(o.path("subtotal").asText()).isEqualTo("51800.00");
        assertThat(o.path("discountTotal").asText()).isEqualTo("0.00");
        assertThat(o.path("vat").asText()).isEqualTo("3108.00");
        assertThat(o.path("grandTotal").asText()).isEqualTo("54908.00");
        assertThat(q.path("vatRate").asText()).isEqualTo("0.0600");
        assertThat(o.path("serviceLines").get(0).path("monthlyAmount").asText()).isEqualTo("1000.00");
        assertThat(o.path("serviceLines").get(1).path("oneTimeAmount").asText()).isEqualTo("5000.00");
    }

    @Test
    void mostSpecificPercentOffWins() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(percentOff(5, null, null), percentOff(10, "family", "ecs.gni2"),
                percentOff(20, "instanceType", A10), percentOff(15, "gpuModel", "A10-PCIE-24GB"),
                percentOff(12, "billingMode", "HOURLY"), percentOff(30, "gpuModel", "T4-PCIE-16GB")));
        JsonNode q = createQuote(consultant, cp[1], option(List.of(line(A10, "HOURLY", 1, 1),
                line(A10X8, "HOURLY", 1, 1), line(T4, "HOURLY", 1, 1), line(T4, "MONTHLY", 1, 1)), List.of()));
        JsonNode lines = q.path("options").get(0).path("lines");
        assertThat(lines.get(0).path("netUnitPrice").asText()).isEqualTo("8.0000");      // instanceType 20 %
        assertThat(lines.get(1).path("netUnitPrice").asText()).isEqualTo("72.0000");     // family 10 %
        assertThat(lines.get(2).path("netUnitPrice").asText()).isEqualTo("2.1000");      // gpuModel 30 % > billingMode
        assertThat(lines.get(3).path("netUnitPrice").asText()).isEqualTo("1050.0000");   // gpuModel 30 %
        assertThat(lines.get(0).path("waterfall").get(1).path("detail").asText()).contains("instanceType=" + A10);
        assertThat(lines.get(1).path("waterfall").get(1).path("detail").asText()).contains("family=ecs.gni2");
    }

    @Test
    void billingModeScopeBeatsAllAndAllIsTheFallback() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(percentOff(5, null, null), percentOff(12, "billingMode", "HOURLY")));
        JsonNode q = createQuote(consultant, cp[1], option(List.of(line(T4, "HOURLY", 1, 1),
                line(T4, "MONTHLY", 1, 1)), List.of()));
        JsonNode lines = q.path("options").get(0).path("lines");
        assertThat(lines.get(0).path("netUnitPrice").asText()).isEqualTo("2.6400");
        assertThat(lines.get(1).path("netUnitPrice").asText()).isEqualTo("1425.0000");
    }

    @Test
    void fixedPriceWinsOverAnyPercentOffAndOnlyForItsKey() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(fixed(A10, "HOURLY", "7.5"), percentOff(20, "instanceType", A10)));
        JsonNode q = createQuote(consultant, cp[1], option(List.of(line(A10, "HOURLY", 1, 1),
                line(A10, "MONTHLY", 1, 1)), List.of()));
        JsonNode lines = q.path("options").get(0).path("lines");
        assertThat(waterfall(lines.get(0))).startsWith("LIST=10.0000", "AGREEMENT=7.5000");
        assertThat(lines.get(0).path("waterfall").get(1).path("detail").asText()).startsWith("FIXED_PRICE");
        assertThat(lines.get(1).path("netUnitPrice").asText()).isEqualTo("4000.0000"); // percent for MONTHLY
    }

    @Test
    void volumeTierCountsTheOptionsGpusAndTermTierTheLinesTerm() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(volume(4, 2), volume(8, 3), term(6, 4), term(12, 5)));
        // 2 × 1 GPU + 1 × 8 GPUs = 10 GPUs → the 8-GPU tier (3 %)
        JsonNode q = createQuote(consultant, cp[1],
                option(List.of(line(A10, "HOURLY", 2, 12), line(A10X8, "HOURLY", 1, 11)), List.of()),
                option(List.of(line(A10, "HOURLY", 4, 5)), List.of()));
        JsonNode a = q.path("options").get(0).path("lines");
        assertThat(waterfall(a.get(0))).containsExactly("LIST=10.0000", "AGREEMENT=10.0000", "VOLUME=9.7000",
                "TERM=9.2150", "MANUAL=9.2150");
        assertThat(waterfall(a.get(1))).containsExactly("LIST=80.0000", "AGREEMENT=80.0000", "VOLUME=77.6000",
                "TERM=74.4960", "MANUAL=74.4960");
        // option B: 4 GPUs → 2 %, term 5 < 6 → no term tier
        JsonNode b = q.path("options").get(1).path("lines");
        assertThat(b.get(0).path("netUnitPrice").asText()).isEqualTo("9.8000");
        assertThat(q.path("options").get(1).path("name").asText()).isEqualTo("B");
    }

    @Test
    void allStepsInOrderWithTheManualDiscountLastAndRoundingAfterEachStep() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(percentOff(10, null, null), volume(8, 3), term(12, 5)));
        JsonNode q = createQuote(consultant, cp[1], option(List.of(
                with(line(A10, "HOURLY", 8, 12), "manualDiscountPercent", 2.5)), List.of()));
        JsonNode l = firstLine(q);
        assertThat(waterfall(l)).containsExactly("LIST=10.0000", "AGREEMENT=9.0000", "VOLUME=8.7300",
                "TERM=8.2935", "MANUAL=8.0862");
        // list term 10 × 730 × 8 × 12 = 700800.00; net 8.0862 × 730 × 8 = 47223.41 per month
        assertThat(l.path("monthlyAmount").asText()).isEqualTo("47223.41");
        assertThat(l.path("termAmount").asText()).isEqualTo("566680.92");
        assertThat(q.path("options").get(0).path("discountTotal").asText()).isEqualTo("134119.08");
    }

    @Test
    void halfUpAtTheBoundaryForUnitPricesAndAmounts() {
        String[] cp = customerAndProject();
        agreement(cp[0], List.of(percentOff(50, "instanceType", T4X2)));
        // 1.0001 × 0.5 = 0.50005 → 0.5001; 0.5001 × 50 h = 25.005 → 25.01
        JsonNode q = createQuote(consultant, cp[1], option(List.of(
                with(line(T4X2, "HOURLY", 1, 1), "hoursPerMonth", 50)), List.of()));
        JsonNode l = firstLine(q);
        assertThat(l.path("netUnitPrice").asText()).isEqualTo("0.5001");
        assertThat(l.path("monthlyAmount").asText()).isEqualTo("25.01");
        assertThat(q.path("options").get(0).path("vat").asText()).isEqualTo("1.50"); // 25.01 × 6 % = 1.5006
    }

    @Test
    void billingModeComparisonPricesTheSameConfigurationInEveryMode() {
        String project = customerAndProject()[1];
        JsonNode q = createQuote(consultant, project,
                option(List.of(line(A10, "HOURLY", 1, 12)), List.of()),
                option(List.of(line(A10, "HOURLY", 1, 3), line(T4, "HOURLY", 1, 3)), List.of()));
        JsonNode cmp = q.path("options").get(0).path("billingModeComparison");
        assertThat(cmp).hasSize(4);
        assertThat(row(cmp, "HOURLY")).isEqualTo("AVAILABLE 7300.00 87600.00 92856.00");
        assertThat(row(cmp, "SPOT")).isEqualTo("AVAILABLE 2920.00 35040.00 37142.40");
        assertThat(row(cmp, "MONTHLY")).isEqualTo("AVAILABLE 5000.00 60000.00 63600.00");
        assertThat(row(cmp, "YEARLY")).isEqualTo("AVAILABLE 4500.00 54000.00 57240.00");
        JsonNode b = q.path("options").get(1).path("billingModeComparison");
        assertThat(row(b, "SPOT")).startsWith("NO_PRICE");            // T4 has no SPOT price
        assertThat(row(b, "YEARLY")).startsWith("TERM_NOT_WHOLE_YEARS");
    }

    @Test
    void belowFloorIsFlaggedToConsultantsWithoutCostAndAdminsSeeTheMargin() {
        String project = customerAndProject()[1];
        // cost 6, floor 5 % on price → 6 / 0.95 = 6.3158 (rounded up); 40 % off 10 → 6.0000 is below
        JsonNode q = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40), line(T4, "HOURLY", 1, 1)), List.of()));
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isTrue();
        assertThat(q.path("options").get(0).path("lines").get(1).path("belowFloor").asBoolean()).isFalse();
        String id = q.path("id").asText();

        var asConsultant = consultant.get("/api/v1/quotes/" + id);
        assertThat(asConsultant.body().toLowerCase()).doesNotContain("cost").doesNotContain("margin");
        var asAdmin = admin.get("/api/v1/quotes/" + id);
        JsonNode adminLine = firstLine(asAdmin.json());
        assertThat(adminLine.path("margin").path("costUnitPrice").asText()).isEqualTo("6.0000");
        assertThat(adminLine.path("margin").path("floorUnitPrice").asText()).isEqualTo("6.3158");
        assertThat(adminLine.path("margin").path("marginAmount").asText()).isEqualTo("0.00");
        assertThat(asAdmin.json().path("options").get(0).path("margin").path("complete").asBoolean()).isTrue();
    }

    @Test
    void linesThatCannotBePricedAreRefusedByField() {
        String project = customerAndProject()[1];
        var r = consultant.post("/api/v1/quotes", quoteBody(project, option(List.of(line("ecs.nope.large", "HOURLY", 1, 1),
                line(T4, "SPOT", 1, 1)), List.of())));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].lines[0].instanceType", "options[0].lines[1]");
    }

    private static String row(JsonNode comparison, String mode) {
        for (JsonNode r : comparison) {
            if (r.path("billingMode").asText().equals(mode)) {
                return r.path("availability").asText() + " " + r.path("monthlyNet").asText() + " "
                        + r.path("termNet").asText() + " " + r.path("grandTotal").asText();
            }
        }
        throw new AssertionError("no row " + mode);
    }
}
