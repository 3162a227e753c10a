package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantSettings;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16 follow-up: the floor-price hint a consultant sees (tenant setting "show floor price") must not move with
 * the rebate, or the consultant could read the rebate off it. Fixture: A10 HOURLY list 10.0000, cost 6.0000,
 * margin floor 5 %.
 */
class ChannelFloorHintTest extends QuoteApiSupport {

    @Autowired
    TenantService tenants;

    /*
     * margin on price: consultant hint = cost 6.0000 / 0.95 = 6.315789… rounded up = 6.3158, whatever the rebate.
     * admin with rebate 10 %: (6.0000 − 10.0000 × 10 %) / 0.95 = 5.263157… = 5.2632; with 0 %: 6.3158.
     */
    @Test
    void consultantHintIsTheSameWithRebateZeroAndTenWhileTheAdminSeesTheRealFloor() {
        tenantWithPrices();
        as.run(tenant.adminEmail(), () -> {
            Tenant t = tenants.current();
            tenants.updateSettings(new TenantSettings(t.name(), t.vatRate(), t.marginFloorPct(), t.locale(),
                    t.version(), true));
        });
        String project = customerAndProject()[1];
        JsonNode q = createQuote(consultant, project, option(List.of(line(A10, "HOURLY", 1, 1)), List.of()));
        String id = q.path("id").asText();

        setRebate(id, q.path("rowVersion").asInt(), 0);
        assertThat(hint(tenant.consultantEmail(), id)).isEqualByComparingTo("6.3158");
        assertThat(hint(tenant.adminEmail(), id)).isEqualByComparingTo("6.3158");

        setRebate(id, admin.get("/api/v1/quotes/" + id).json().path("rowVersion").asInt(), 10);
        assertThat(hint(tenant.consultantEmail(), id)).isEqualByComparingTo("6.3158");
        assertThat(hint(tenant.adminEmail(), id)).isEqualByComparingTo("5.2632");
        // and nothing else in the consultant's JSON carries a floor or the rebate
        // (5.2632 as a number of its own: a timestamp such as "…:35.2632Z" may carry those digits)
        assertThat(consultant.get("/api/v1/quotes/" + id).body()).doesNotContain("rebate")
                .doesNotContainPattern("(?<![0-9.])5\\.2632");
    }

    private void setRebate(String id, int version, int percent) {
        var r = admin.put("/api/v1/quotes/" + id, Map.of("version", version, "options", List.of(
                with(option(List.of(line(A10, "HOURLY", 1, 1)), List.of()), "rebatePercent", percent))));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    private BigDecimal hint(String email, String id) {
        QuoteDetails d = as.call(email, () -> quoteQueries.get(new QuoteId(UUID.fromString(id))));
        // the PUT replaced the lines: take the only one
        assertThat(d.floorUnitPrices()).hasSize(1);
        return d.floorUnitPrices().values().iterator().next();
    }

    @Autowired
    QuoteQueries quoteQueries;
}
