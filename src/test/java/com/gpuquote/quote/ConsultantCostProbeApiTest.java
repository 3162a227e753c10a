package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39, ADR 3905: what a consultant sees never gives the reseller's cost after rebate away. Fixture: A10 HOURLY
 * list 10.0000, cost 6.0000, 1 × 1 month (730 h), floor 5 % on price. Floor price before rebate 6 / 0.95 = 6.3158
 * (up); with a 10 % rebate (6 − 1) / 0.95 = 5.2632.
 */
class ConsultantCostProbeApiTest extends QuoteApiSupport {

    private static final List<Integer> DISCOUNTS = List.of(30, 35, 36, 37, 40, 45, 47, 50);

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        project = customerAndProject()[1];
    }

    private void defaultRebate(int percent) {
        var r = admin.put("/api/v1/tenant/provider-rebates", Map.of("providerRebates",
                List.of(Map.of("provider", "VOLCENGINE", "rebatePercent", percent))));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    /** The consultant's below-floor flag at each discount, on a new draft each. */
    private List<Boolean> consultantFlags() {
        List<Boolean> flags = new ArrayList<>();
        for (int d : DISCOUNTS) {
            JsonNode q = createQuote(consultant, project, option(List.of(
                    with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", d)), List.of()));
            flags.add(firstLine(q).path("belowFloor").asBoolean());
        }
        return flags;
    }

    /** Independently: net = 10 × (1 − d %) below cost / (1 − floor), i.e. net × 0.95 &lt; cost. */
    private static List<Boolean> expected(BigDecimal cost) {
        return DISCOUNTS.stream().map(d -> BigDecimal.TEN.multiply(BigDecimal.valueOf(100 - d)).movePointLeft(2)
                .multiply(new BigDecimal("0.95")).compareTo(cost) < 0).toList();
    }

    @Test
    void aConsultantsFloorFlagsAreTheSameWhateverTheRebate() {
        List<Boolean> withoutRebate = consultantFlags();
        defaultRebate(10);
        List<Boolean> withRebate = consultantFlags();
        defaultRebate(30);
        List<Boolean> withBigRebate = consultantFlags();
        assertThat(withoutRebate).isEqualTo(expected(new BigDecimal("6")));
        assertThat(withRebate).isEqualTo(withoutRebate);
        assertThat(withBigRebate).isEqualTo(withoutRebate);
    }

    /*
     * 40 % off: net 6.0000. The consultant's flag is on cost 6 (below the 6.3158 floor price); the admin's on cost
     * after the 10 % rebate, 5.0000 (not below 5.2632). The consultant's quote goes to approval; the admin sees the
     * real margin: 6 × 730 − 6 × 730 + 10 × 730 × 10 % = 730.00, 16.67 % of 4,380.00.
     */
    @Test
    void onlyTheApproverSeesTheRebateAdjustedFigures() {
        defaultRebate(10);
        JsonNode q = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40)), List.of()));
        String id = q.path("id").asText();
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isTrue();
        JsonNode asAdmin = admin.get("/api/v1/quotes/" + id).json();
        assertThat(firstLine(asAdmin).path("belowFloor").asBoolean()).isFalse();
        BigDecimal net = new BigDecimal("6").multiply(BigDecimal.valueOf(730));
        BigDecimal margin = net.subtract(new BigDecimal("6").multiply(BigDecimal.valueOf(730)))
                .add(BigDecimal.TEN.multiply(BigDecimal.valueOf(730)).multiply(new BigDecimal("0.10")));
        JsonNode m = asAdmin.path("options").get(0).path("margin");
        assertThat(new BigDecimal(m.path("marginAmount").asText())).isEqualByComparingTo(margin);
        assertThat(new BigDecimal(m.path("marginPercent").asText())).isEqualByComparingTo(
                margin.multiply(BigDecimal.valueOf(100)).divide(net, 2, RoundingMode.HALF_UP));
        assertThat(consultant.get("/api/v1/quotes/" + id).body()).doesNotContain("rebate").doesNotContain("margin\"");

        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }
}
