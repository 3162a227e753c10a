package com.gpuquote.quote;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.TestTenants;
import com.gpuquote.catalog.Provider;
import com.gpuquote.pricing.NewPriceList;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 16 follow-up: the tenant's default rebate per provider ({@code GET/PUT /api/v1/tenant/provider-rebates},
 * ADR 1602). Fixture: A10 (火山引擎 VOLCENGINE) HOURLY list 10.0000, cost 6.0000; floor 5 %.
 */
@CalendarTest
class ProviderRebatesApiTest extends QuoteApiSupport {

    private static final String PATH = "/api/v1/tenant/provider-rebates";

    @Autowired
    PriceListService priceLists;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
    }

    private static Map<String, Object> rebates(Map<String, Object>... rows) {
        return Map.of("providerRebates", List.of(rows));
    }

    private static Map<String, Object> rebate(String provider, Object percent) {
        return Map.of("provider", provider, "rebatePercent", percent);
    }

    @Test
    void anotherTenantsAdminNeitherSeesNorOverwritesTheseDefaults() {
        assertThat(admin.put(PATH, rebates(rebate("VOLCENGINE", 8))).status()).isEqualTo(200);
        TestTenants.TestTenant other = fixtures.tenantWithPrices();
        Api otherAdmin = Api.basic(baseUrl(), other.adminEmail(), TestTenants.PASSWORD);
        assertThat(otherAdmin.get(PATH).json().path("providerRebates")).isEmpty();
        assertThat(otherAdmin.put(PATH, rebates(rebate("VOLCENGINE", 3))).status()).isEqualTo(200);
        JsonNode mine = admin.get(PATH).json().path("providerRebates");
        assertThat(mine).hasSize(1);
        assertThat(mine.get(0).path("rebatePercent").decimalValue()).isEqualByComparingTo("8");
    }

    @Test
    void onlyAdminsReadAndWriteAndBadInputNamesEachFieldSavingNothing() {
        assertThat(consultant.get(PATH).status()).isEqualTo(403);
        assertThat(consultant.put(PATH, rebates(rebate("VOLCENGINE", 8))).status()).isEqualTo(403);

        var bad = admin.put(PATH, rebates(rebate("VOLCENGINE", 8), rebate("AWS", 5), rebate("ALIYUN", 51),
                rebate("VOLCENGINE", "1.234")));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field")).containsExactlyInAnyOrder(
                "providerRebates[1].provider", "providerRebates[2].rebatePercent", "providerRebates[3].provider",
                "providerRebates[3].rebatePercent");
        assertThat(admin.get(PATH).json().path("providerRebates")).isEmpty();

        var ok = admin.put(PATH, rebates(rebate("VOLCENGINE", 8.0), rebate("TENCENT", "2.5")));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        JsonNode got = admin.get(PATH).json().path("providerRebates");
        assertThat(got.findValuesAsText("provider")).containsExactly("TENCENT", "VOLCENGINE");
        assertThat(new BigDecimal(got.get(1).path("rebatePercent").asText())).isEqualByComparingTo("8");
        assertThat(new BigDecimal(got.get(0).path("rebatePercent").asText())).isEqualByComparingTo("2.5");
    }

    /*
     * A10 HOURLY × 1 for 1 month, manual 40 %: net 6.0000, list term 10 × 730 = 7,300.00.
     *   no rebate: floor 6 × 1.05 = 6.30 > 6.00 → below floor
     *   VOLCENGINE default 8 %: (6 − 10 × 8 % = 5.20) × 1.05 = 5.46 ≤ 6.00 → not below; rebate 7,300 × 8 % = 584.00
     */
    @Test
    void aConsultantsNewOptionStartsWithTheProviderDefaultAndExistingOptionsKeepTheirs() {
        String project = customerAndProject()[1];
        Map<String, Object> discounted = with(line(A10, "HOURLY", 1, 1), "manualDiscountPercent", 40);
        JsonNode before = createQuote(consultant, project, option(List.of(discounted), List.of()));
        assertThat(firstLine(before).path("belowFloor").asBoolean()).isTrue();

        assertThat(admin.put(PATH, rebates(rebate("VOLCENGINE", 8))).status()).isEqualTo(200);
        JsonNode q = createQuote(consultant, project, option(List.of(discounted), List.of()));
        // ADR 3905: the consultant's flag leaves the rebate out (still below); the admin's counts it (not below)
        assertThat(firstLine(q).path("belowFloor").asBoolean()).isTrue();
        assertThat(firstLine(admin.get("/api/v1/quotes/" + q.path("id").asText()).json()).path("belowFloor")
                .asBoolean()).isFalse();
        assertThat(q.toString()).doesNotContain("rebate");
        JsonNode margin = admin.get("/api/v1/quotes/" + q.path("id").asText()).json().path("options").get(0)
                .path("margin");
        assertThat(new BigDecimal(margin.path("rebatePercent").asText())).isEqualByComparingTo("8");
        assertThat(margin.path("rebateAmount").asText()).isEqualTo("584.00");

        // the quote made before the default keeps no rebate; an edit of its option does not pick the default up
        String beforeId = before.path("id").asText();
        var edited = consultant.put("/api/v1/quotes/" + beforeId, Map.of("version", before.path("rowVersion").asInt(),
                "options", List.of(option(List.of(with(discounted, "quantity", 2)), List.of()))));
        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
        assertThat(new BigDecimal(admin.get("/api/v1/quotes/" + beforeId).json().path("options").get(0)
                .path("margin").path("rebatePercent").asText())).isZero();

        // an admin's explicit rebate on the option wins over the default
        Map<String, Object> explicit = with(option(List.of(discounted), List.of()), "rebatePercent", 3);
        JsonNode own = createQuote(admin, project, explicit);
        assertThat(new BigDecimal(own.path("options").get(0).path("margin").path("rebatePercent").asText()))
                .isEqualByComparingTo("3");

        // a new option B added later by the consultant starts with the default too
        var added = consultant.put("/api/v1/quotes/" + beforeId, Map.of("version", edited.json().path("rowVersion").asInt(),
                "options", List.of(option(List.of(with(discounted, "quantity", 2)), List.of()),
                        option(List.of(discounted), List.of()))));
        assertThat(added.status()).as(added.body()).isEqualTo(200);
        JsonNode options = admin.get("/api/v1/quotes/" + beforeId).json().path("options");
        assertThat(new BigDecimal(options.get(0).path("margin").path("rebatePercent").asText())).isZero();
        assertThat(new BigDecimal(options.get(1).path("margin").path("rebatePercent").asText()))
                .isEqualByComparingTo("8");
    }

    /*
     * Mixed providers (issue 39, ADR 3903, which replaces "the lowest default" of ADR 1602): each provider's lines
     * start with that provider's default. VOLCENGINE 8 %, ALIYUN 3 %: the A10 line earns 8 %, the gn7e line 3 %, no
     * one rebate for the option; ALIYUN without a default: its line earns 0 %.
     */
    @Test
    void aMixedProviderOptionStartsWithEachProvidersDefault() {
        String aliyun = "ecs.gn7e-c16g1.4xlarge";
        publishAliyun(aliyun);
        String project = customerAndProject()[1];
        List<Map<String, Object>> mixed = List.of(line(A10, "HOURLY", 1, 1), line(aliyun, "HOURLY", 1, 1));

        assertThat(admin.put(PATH, rebates(rebate("VOLCENGINE", 8), rebate("ALIYUN", 3))).status()).isEqualTo(200);
        JsonNode q = createQuote(consultant, project, option(mixed, List.of()));
        JsonNode m = adminMargin(q);
        assertThat(m.path("rebatePercent").isNull()).isTrue();
        assertThat(m.path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("8");
        assertThat(m.path("providerRebates").path("ALIYUN").asText()).isEqualTo("3");
        // A10 HOURLY list 10 × 730 h = 7,300.00 → 8 % = 584.00; gn7e list 20 × 730 = 14,600.00 → 3 % = 438.00
        assertThat(m.path("rebateAmount").asText()).isEqualTo(new BigDecimal("7300").multiply(new BigDecimal("0.08"))
                .add(new BigDecimal("14600").multiply(new BigDecimal("0.03"))).setScale(2).toPlainString());

        assertThat(admin.put(PATH, rebates(rebate("VOLCENGINE", 8))).status()).isEqualTo(200);
        JsonNode noAliyun = adminMargin(createQuote(consultant, project, option(mixed, List.of())));
        assertThat(noAliyun.path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("8");
        assertThat(noAliyun.path("providerRebates").path("ALIYUN").asText()).isEqualTo("0");
        JsonNode volcOnly = createQuote(consultant, project, option(List.of(line(A10, "HOURLY", 1, 1)), List.of()));
        assertThat(new BigDecimal(adminMargin(volcOnly).path("rebatePercent").asText())).isEqualByComparingTo("8");
    }

    private JsonNode adminMargin(JsonNode quote) {
        return admin.get("/api/v1/quotes/" + quote.path("id").asText()).json().path("options").get(0).path("margin");
    }

    private void publishAliyun(String type) {
        as.run(tenant.adminEmail(), () -> {
            PriceList draft = priceLists.createDraft(NewPriceList.empty("Aliyun " + clock.instant(), Provider.ALIYUN, null));
            String csv = "provider,region,instance_type,billing_mode,list_price,cost_price,currency\n"
                    + "ALIYUN," + QuoteFixtures.REGION + "," + type + ",HOURLY,20.0000,12.0000,CNY\n";
            priceLists.applyImport(draft.id(), csv.getBytes(StandardCharsets.UTF_8), null);
            priceLists.publish(draft.id(), null, null);
        });
    }
}
