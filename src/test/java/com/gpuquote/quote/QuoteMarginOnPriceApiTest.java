package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.tenancy.TenantSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The floor is a margin on price, the figure the approver reads (ADR 3901). Fixture: A10 HOURLY list 10.0000, cost
 * 6.0000 (cost is 60 % of list, as in the issue), one instance for one month of 730 hours; the tenant's floor is
 * set to 5 % here. Every expectation is recomputed by {@link Calc} from the list and cost prices.
 */
class QuoteMarginOnPriceApiTest extends QuoteApiSupport {

    private static final BigDecimal LIST = new BigDecimal("10");
    private static final BigDecimal COST = new BigDecimal("6");
    private static final BigDecimal HOURS = new BigDecimal("730");
    private static final BigDecimal FLOOR = new BigDecimal("0.05");

    @Autowired
    TenantService tenants;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        as.run(tenant.adminEmail(), () -> {
            Tenant t = tenants.current();
            tenants.updateSettings(new TenantSettings(t.name(), t.vatRate(), FLOOR, t.locale(), t.version(),
                    t.showFloorPrice()));
        });
    }

    /** A hand calculator: net = list × (1 − discount), 4 dp; term = net × 730 h, 2 dp; margin on the term. */
    private record Calc(BigDecimal discountPercent) {
        BigDecimal net() {
            return LIST.multiply(BigDecimal.ONE.subtract(discountPercent.movePointLeft(2)))
                    .setScale(4, RoundingMode.HALF_UP);
        }

        BigDecimal term() {
            return net().multiply(HOURS).setScale(2, RoundingMode.HALF_UP);
        }

        BigDecimal costTerm() {
            return COST.multiply(HOURS).setScale(2, RoundingMode.HALF_UP);
        }

        BigDecimal marginPercent() {
            return term().subtract(costTerm()).multiply(BigDecimal.valueOf(100))
                    .divide(term(), 2, RoundingMode.HALF_UP);
        }
    }

    @Test
    void aDiscountLeavingAFourPointSevenNinePercentMarginNeedsApproval() {
        Calc c = new Calc(new BigDecimal("36.98"));
        assertThat(c.marginPercent()).isEqualByComparingTo("4.79");   // the calculator agrees with the issue
        String id = quoteAt(c);
        JsonNode line = firstLine(admin.get("/api/v1/quotes/" + id).json());
        assertThat(line.path("netUnitPrice").asText()).isEqualTo(c.net().toPlainString());
        assertThat(line.path("belowFloor").asBoolean()).isTrue();
        assertThat(line.path("margin").path("marginPercent").asText()).isEqualTo(c.marginPercent().toPlainString());
        // 6 / 0.95 = 6.315789…, rounded up so that the floor price itself is never below the floor
        assertThat(line.path("margin").path("floorUnitPrice").asText()).isEqualTo("6.3158");
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }

    @Test
    void aDiscountLeavingFivePercentIsApprovedAtOnce() {
        Calc c = new Calc(new BigDecimal("36.84"));
        assertThat(c.marginPercent()).isEqualByComparingTo("5.00");
        String id = quoteAt(c);
        JsonNode read = admin.get("/api/v1/quotes/" + id).json();
        JsonNode line = firstLine(read);
        assertThat(line.path("belowFloor").asBoolean()).isFalse();
        assertThat(line.path("margin").path("marginPercent").asText()).isEqualTo("5.00");
        assertThat(read.path("options").get(0).path("margin").path("marginPercent").asText()).isEqualTo("5.00");
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        assertThat(submitted.status()).as(submitted.body()).isEqualTo(200);
        assertThat(submitted.json().path("status").asText()).isEqualTo("APPROVED");
    }

    private String quoteAt(Calc c) {
        String project = customerAndProject()[1];
        JsonNode q = createQuote(consultant, project, option(List.of(
                with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", c.discountPercent())), List.of()));
        assertThat(firstLine(q).path("termAmount").asText()).isEqualTo(c.term().toPlainString());
        return q.path("id").asText();
    }
}
