package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.portal.PortalFixtures;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39, "money a reseller can sign": a renewal carries every recurring line of the accepted option at exactly the
 * contracted net unit prices (ADR 3906). The accepted option (36 months):
 * <pre>
 *   2 × A10 monthly at 3,219.4567   3 × T4 monthly at 987.6543   运维 1,234.56 / month   部署 3,000.00 once
 * </pre>
 * Then the list prices rise (A10 3,600.0000, T4 1,100.0000). The renewal has both instance lines at exactly
 * 3,219.4567 and 987.6543 (no manual discount re-derived from them), the monthly service (1,234.56 × 36 = 44,444.16,
 * which the renewal used to drop), and not the one-time service. Figures by the calculator below: a monthly line's
 * month is unit price × quantity rounded half-up to 0.01 (what is invoiced each month), its term that × months.
 */
@com.gpuquote.CalendarTest
public class RenewalContractPricesApiTest extends IntegrationTest {

    static final String A10 = PortalFixtures.A10;
    static final String T4 = "ecs.g1tl.4xlarge";
    public static final int MONTHS = 36;

    @Autowired
    PortalFixtures fixtures;
    @Autowired
    TestTenants tenants;

    /** The independent calculator: one monthly line. */
    public record Expected(String instanceType, int quantity, BigDecimal unitPrice) {
        public BigDecimal monthly() {
            return unitPrice.multiply(BigDecimal.valueOf(quantity)).setScale(2, RoundingMode.HALF_UP);
        }

        public BigDecimal term() {
            return monthly().multiply(BigDecimal.valueOf(MONTHS));
        }
    }

    public static final List<Expected> LINES = List.of(new Expected(A10, 2, new BigDecimal("3219.4567")),
            new Expected(T4, 3, new BigDecimal("987.6543")));
    public static final BigDecimal SERVICE = new BigDecimal("1234.56");

    /** A tenant whose list prices are the contracted ones, and the quote of {@link #LINES} accepted by the customer. */
    public static PortalFixtures.Sent acceptedQuote(PortalFixtures fixtures, TestTenants tenants,
                                             com.gpuquote.portal.CustomerPortal portal, java.time.Clock clock) {
        TestTenants.TestTenant t = tenants.create();
        fixtures.publishPrices(t.adminEmail(), Provider.VOLCENGINE,
                "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,3219.4567,2000.0000,CNY\n"
                        + "VOLCENGINE,cn-beijing," + T4 + ",MONTHLY,987.6543,600.0000,CNY\n");
        PortalFixtures.Sent s = fixtures.sentOption(t, new QuoteInput.Option("A", LINES.stream()
                .map(l -> QuoteInput.Line.of(l.instanceType(), "cn-beijing", BillingMode.MONTHLY, l.quantity(), MONTHS))
                .toList(), List.of(QuoteInput.Service.monthly("7×24 运维", SERVICE.toPlainString()),
                QuoteInput.Service.oneTime("部署与调优", "3000.00"))));
        portal.accept(s.token(), new com.gpuquote.portal.AcceptRequest(java.util.UUID.fromString(s.optionId("A")),
                "张三", "zhang@customer.example", true));
        // the list prices rise after the contract
        fixtures.publishPrices(t.adminEmail(), Provider.VOLCENGINE,
                "VOLCENGINE,cn-beijing," + A10 + ",MONTHLY,3600.0000,2000.0000,CNY\n"
                        + "VOLCENGINE,cn-beijing," + T4 + ",MONTHLY,1100.0000,600.0000,CNY\n"
                        + "VOLCENGINE,cn-beijing," + T4 + ",HOURLY,2.0000,1.0000,CNY\n",
                java.time.Instant.now(clock).minusSeconds(60));
        return s;
    }

    @Autowired
    com.gpuquote.portal.CustomerPortal portal;

    @Test
    void theRenewalCarriesEveryRecurringLineAtExactlyTheContractedUnitPrices() {
        PortalFixtures.Sent s = acceptedQuote(fixtures, tenants, portal, clock);
        Api consultant = Api.basic(baseUrl(), s.tenant().consultantEmail(), TestTenants.PASSWORD);
        var r = consultant.post("/api/v1/quotes/" + s.quoteId() + "/renewal", Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode o = r.json().path("options").get(0);
        assertRenewal(o);

        // the consultant saves the renewal as the editor does (lines kept by id): the contracted prices stay
        JsonNode renewal = r.json();
        var saved = consultant.put("/api/v1/quotes/" + renewal.path("id").asText(), Map.of(
                "version", renewal.path("rowVersion").asInt(), "options", List.of(asInput(o))));
        assertThat(saved.status()).as(saved.body()).isEqualTo(200);
        assertRenewal(saved.json().path("options").get(0));

        // a line changed to another billing mode is another subscription: today's price (2.0000 an hour), no contract
        Map<String, Object> changed = asInput(saved.json().path("options").get(0));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> lines = (List<Map<String, Object>>) changed.get("lines");
        lines.get(1).put("billingMode", "HOURLY");
        var hourly = consultant.put("/api/v1/quotes/" + renewal.path("id").asText(), Map.of(
                "version", saved.json().path("rowVersion").asInt(), "options", List.of(changed)));
        assertThat(hourly.status()).as(hourly.body()).isEqualTo(200);
        JsonNode t4 = hourly.json().path("options").get(0).path("lines").get(1);
        assertThat(t4.has("contractUnitPrice")).isFalse();
        assertThat(new BigDecimal(t4.path("netUnitPrice").asText())).isEqualByComparingTo("2.0000");
        assertThat(t4.path("waterfall").findValuesAsText("step")).doesNotContain("CONTRACT");
        JsonNode a10 = hourly.json().path("options").get(0).path("lines").get(0);
        assertThat(new BigDecimal(a10.path("netUnitPrice").asText())).isEqualTo(LINES.get(0).unitPrice().setScale(4));
    }

    private static void assertRenewal(JsonNode o) {
        JsonNode lines = o.path("lines");
        assertThat(lines).hasSize(LINES.size());
        BigDecimal lineTerms = BigDecimal.ZERO;
        BigDecimal monthlyNet = SERVICE;
        for (int i = 0; i < LINES.size(); i++) {
            Expected e = LINES.get(i);
            JsonNode l = lines.get(i);
            assertThat(l.path("instanceType").asText()).isEqualTo(e.instanceType());
            assertThat(l.path("quantity").asInt()).isEqualTo(e.quantity());
            assertThat(l.path("termMonths").asInt()).isEqualTo(MONTHS);
            assertThat(new BigDecimal(l.path("listUnitPrice").asText())).as("today's list").isGreaterThan(e.unitPrice());
            assertThat(new BigDecimal(l.path("netUnitPrice").asText())).isEqualTo(e.unitPrice().setScale(4));
            assertThat(new BigDecimal(l.path("contractUnitPrice").asText())).isEqualTo(e.unitPrice().setScale(4));
            assertThat(new BigDecimal(l.path("manualDiscountPercent").asText())).isZero();
            JsonNode last = l.path("waterfall").get(l.path("waterfall").size() - 1);
            assertThat(last.path("step").asText()).isEqualTo("CONTRACT");
            assertThat(new BigDecimal(last.path("unitPrice").asText())).isEqualTo(e.unitPrice().setScale(4));
            assertThat(new BigDecimal(l.path("monthlyAmount").asText())).isEqualTo(e.monthly());
            assertThat(new BigDecimal(l.path("termAmount").asText())).isEqualTo(e.term());
            lineTerms = lineTerms.add(e.term());
            monthlyNet = monthlyNet.add(e.monthly());
        }
        // the monthly service, not the one-time one
        assertThat(o.path("serviceLines")).hasSize(1);
        assertThat(o.path("serviceLines").get(0).path("description").asText()).isEqualTo("7×24 运维");
        assertThat(new BigDecimal(o.path("serviceLines").get(0).path("monthlyAmount").asText())).isEqualTo(SERVICE);
        assertThat(o.path("serviceLines").get(0).has("oneTimeAmount")).isFalse();
        BigDecimal services = SERVICE.multiply(BigDecimal.valueOf(MONTHS)); // 44,444.16
        assertThat(services).isEqualByComparingTo("44444.16");
        assertThat(new BigDecimal(o.path("monthlyNet").asText())).isEqualTo(monthlyNet);
        assertThat(new BigDecimal(o.path("termNet").asText())).isEqualTo(lineTerms.add(services));
        assertThat(new BigDecimal(o.path("oneTime").asText())).isZero();
        assertThat(new BigDecimal(o.path("subtotal").asText())).isEqualTo(lineTerms.add(services));
    }

    /** An option as the editor sends it back: lines and services with their ids. */
    private static Map<String, Object> asInput(JsonNode o) {
        List<Map<String, Object>> lines = new ArrayList<>();
        o.path("lines").forEach(l -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", l.path("id").asText());
            m.put("instanceType", l.path("instanceType").asText());
            m.put("region", l.path("region").asText());
            m.put("billingMode", l.path("billingMode").asText());
            m.put("quantity", l.path("quantity").asInt());
            m.put("termMonths", l.path("termMonths").asInt());
            lines.add(m);
        });
        List<Map<String, Object>> services = new ArrayList<>();
        o.path("serviceLines").forEach(x -> services.add(Map.of("id", x.path("id").asText(),
                "description", x.path("description").asText(), "monthlyAmount", x.path("monthlyAmount").asText())));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lines", lines);
        m.put("serviceLines", services);
        return m;
    }
}
