package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.catalog.Provider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.gpuquote.quote.QuoteFixtures.A10;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 39, a rebate (返点) belongs to one provider (ADR 3903). Fixture (cn-beijing, MONTHLY, 1 instance × 12 months,
 * floor 5 % on price): 火山引擎 A10 list 5,000 / cost 3,000; 阿里云 gn7e 4xlarge list 10,000 / cost 8,000. Every
 * expected figure comes from {@link #margin}, the rule written for this test: margin = Σ net − Σ cost + Σ list ×
 * (rebate of the line's own provider).
 */
class RebatesPerProviderApiTest extends QuoteApiSupport {

    private static final String GN7E = "ecs.gn7e-c16g1.4xlarge";
    private static final BigDecimal A10_LIST = new BigDecimal("5000");
    private static final BigDecimal A10_COST = new BigDecimal("3000");
    private static final BigDecimal GN7E_LIST = new BigDecimal("10000");
    private static final BigDecimal GN7E_COST = new BigDecimal("8000");
    private static final BigDecimal MONTHS = BigDecimal.valueOf(12);

    String project;

    @BeforeEach
    void setUp() {
        tenantWithPrices();
        fixtures.publish(tenant, Provider.ALIYUN, List.of("ALIYUN," + QuoteFixtures.REGION + "," + GN7E
                + ",MONTHLY," + GN7E_LIST + "," + GN7E_COST + ",CNY"));
        project = customerAndProject()[1];
    }

    private void defaults(Map<String, Object> rebates) {
        List<Map<String, Object>> rows = rebates.entrySet().stream()
                .map(e -> Map.<String, Object>of("provider", e.getKey(), "rebatePercent", e.getValue())).toList();
        var r = admin.put("/api/v1/tenant/provider-rebates", Map.of("providerRebates", rows));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    /** One line's [net term, cost term, rebate term] at {@code discount} % off and its provider's {@code rebate} %. */
    private static BigDecimal[] line(BigDecimal list, BigDecimal cost, String discount, String rebate) {
        BigDecimal net = list.multiply(BigDecimal.ONE.subtract(new BigDecimal(discount).movePointLeft(2)))
                .setScale(4, RoundingMode.HALF_UP);
        return new BigDecimal[]{net.multiply(MONTHS).setScale(2, RoundingMode.HALF_UP),
                cost.multiply(MONTHS).setScale(2, RoundingMode.HALF_UP),
                list.multiply(MONTHS).multiply(new BigDecimal(rebate)).movePointLeft(2).setScale(2, RoundingMode.HALF_UP)};
    }

    /** [margin amount, margin percent of the net (2 dp), rebate total] of the lines. */
    private static BigDecimal[] margin(BigDecimal[]... lines) {
        BigDecimal net = BigDecimal.ZERO, cost = BigDecimal.ZERO, rebate = BigDecimal.ZERO;
        for (BigDecimal[] l : lines) {
            net = net.add(l[0]);
            cost = cost.add(l[1]);
            rebate = rebate.add(l[2]);
        }
        BigDecimal amount = net.subtract(cost).add(rebate);
        return new BigDecimal[]{amount, amount.multiply(BigDecimal.valueOf(100)).divide(net, 2, RoundingMode.HALF_UP),
                rebate};
    }

    private static Map<String, Object> monthly(String type, Object discount) {
        return with(line(type, "MONTHLY", 1, 12), "manualDiscountPercent", discount);
    }

    /** The API writes amounts as strings ("4380.00"). */
    private static BigDecimal dec(JsonNode node) {
        assertThat(node.isTextual()).as(node.toString()).isTrue();
        return new BigDecimal(node.asText());
    }

    private JsonNode adminMargin(String id) {
        return admin.get("/api/v1/quotes/" + id).json().path("options").get(0).path("margin");
    }

    /*
     * The case: only 火山引擎 has a default (here 30 %). A consultant's option starts with a Volcano line and
     * earns 30 %; its lines are then replaced by an Alibaba line 28 % off (7,200 a month, under the 8,000 cost).
     * Before, the 30 % followed (cost 8,000 − 3,000 = 5,000: a 30.6 % margin, approved at once); now the Alibaba
     * line earns Alibaba's rebate, none: margin 86,400 − 96,000 = −9,600.00, below cost, so it needs approval.
     */
    @Test
    void aRebateDoesNotFollowTheLinesToAnotherProvider() {
        defaults(Map.of("VOLCENGINE", 30));
        JsonNode q = createQuote(consultant, project, option(List.of(monthly(A10, 0)), List.of()));
        String id = q.path("id").asText();
        BigDecimal[] volcano = margin(line(A10_LIST, A10_COST, "0", "30"));
        assertThat(dec(adminMargin(id).path("marginAmount"))).isEqualByComparingTo(volcano[0]);
        assertThat(adminMargin(id).path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("30");

        var replaced = consultant.put("/api/v1/quotes/" + id, Map.of("version", q.path("rowVersion").asInt(),
                "options", List.of(option(List.of(monthly(GN7E, 28)), List.of()))));
        assertThat(replaced.status()).as(replaced.body()).isEqualTo(200);
        BigDecimal[] expected = margin(line(GN7E_LIST, GN7E_COST, "28", "0"));
        JsonNode m = adminMargin(id);
        assertThat(dec(m.path("marginAmount"))).isEqualByComparingTo(expected[0]);
        assertThat(dec(m.path("marginAmount"))).isEqualByComparingTo("-9600.00");
        assertThat(dec(m.path("marginPercent"))).isEqualByComparingTo(expected[1]);
        assertThat(dec(m.path("rebateAmount"))).isEqualByComparingTo("0");
        assertThat(m.path("providerRebates").has("VOLCENGINE")).isFalse();
        assertThat(m.path("providerRebates").path("ALIYUN").asText()).isEqualTo("0");

        var refused = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of());
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("errors").findValuesAsText("field")).containsExactly("justification");
        var submitted = consultant.post("/api/v1/quotes/" + id + "/submit", Map.of("justification", "竞标"));
        assertThat(submitted.json().path("status").asText()).isEqualTo("PENDING_APPROVAL");
    }

    /*
     * Defaults 火山引擎 30 %, 阿里云 5 %; one option with a line of each: the A10 earns 30 % of 60,000 = 18,000.00, the
     * gn7e 5 % of 120,000 = 6,000.00; margin 180,000 − 132,000 + 24,000 = 72,000.00 = 40.00 %.
     */
    @Test
    void anOptionWithLinesOfTwoProvidersCarriesEachProvidersRebate() {
        defaults(new LinkedHashMap<>(Map.of("VOLCENGINE", 30, "ALIYUN", 5)));
        JsonNode q = createQuote(consultant, project, option(List.of(monthly(A10, 0), monthly(GN7E, 0)), List.of()));
        String id = q.path("id").asText();
        BigDecimal[] a10 = line(A10_LIST, A10_COST, "0", "30");
        BigDecimal[] gn7e = line(GN7E_LIST, GN7E_COST, "0", "5");
        BigDecimal[] expected = margin(a10, gn7e);
        JsonNode read = admin.get("/api/v1/quotes/" + id).json();
        JsonNode m = read.path("options").get(0).path("margin");
        assertThat(dec(m.path("rebateAmount"))).isEqualByComparingTo(expected[2]);
        assertThat(dec(m.path("marginAmount"))).isEqualByComparingTo(expected[0]);
        assertThat(dec(m.path("marginPercent"))).isEqualByComparingTo(expected[1]);
        assertThat(m.path("rebatePercent").isNull()).as("no one rebate for both providers").isTrue();
        assertThat(m.path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("30");
        assertThat(m.path("providerRebates").path("ALIYUN").asText()).isEqualTo("5");
        JsonNode lines = read.path("options").get(0).path("lines");
        assertThat(dec(lines.get(0).path("margin").path("rebateTermAmount"))).isEqualByComparingTo(a10[2]);
        assertThat(dec(lines.get(1).path("margin").path("rebateTermAmount"))).isEqualByComparingTo(gn7e[2]);
        // the consultant sees no rebate at all
        assertThat(consultant.get("/api/v1/quotes/" + id).body()).doesNotContain("providerRebates").doesNotContain("rebate");
    }

    /* An admin sets one provider's rebate; the other keeps its own; the older one-rebate shape sets both. */
    @Test
    void anAdminSetsEachProvidersRebateAndAConsultantCannot() {
        defaults(new LinkedHashMap<>(Map.of("VOLCENGINE", 30, "ALIYUN", 5)));
        JsonNode q = createQuote(consultant, project, option(List.of(monthly(A10, 0), monthly(GN7E, 0)), List.of()));
        String id = q.path("id").asText();
        int version = q.path("rowVersion").asInt();

        Map<String, Object> own = new LinkedHashMap<>(option(List.of(monthly(A10, 0), monthly(GN7E, 0)), List.of()));
        own.put("providerRebates", Map.of("VOLCENGINE", 12));
        var byConsultant = consultant.put("/api/v1/quotes/" + id, Map.of("version", version, "options", List.of(own)));
        assertThat(byConsultant.status()).as(byConsultant.body()).isEqualTo(400);
        assertThat(byConsultant.json().path("errors").findValuesAsText("field"))
                .containsExactly("options[0].providerRebates.VOLCENGINE");

        Map<String, Object> unknown = new LinkedHashMap<>(own);
        unknown.put("providerRebates", Map.of("AWS", 3));
        var bad = admin.put("/api/v1/quotes/" + id, Map.of("version", version, "options", List.of(unknown)));
        assertThat(bad.status()).as(bad.body()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field")).containsExactly("options[0].providerRebates.AWS");

        var set = admin.put("/api/v1/quotes/" + id, Map.of("version", version, "options", List.of(own)));
        assertThat(set.status()).as(set.body()).isEqualTo(200);
        JsonNode m = set.json().path("options").get(0).path("margin");
        assertThat(m.path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("12");
        assertThat(m.path("providerRebates").path("ALIYUN").asText()).isEqualTo("5");
        assertThat(dec(m.path("marginAmount"))).isEqualByComparingTo(
                margin(line(A10_LIST, A10_COST, "0", "12"), line(GN7E_LIST, GN7E_COST, "0", "5"))[0]);

        Map<String, Object> legacy = new LinkedHashMap<>(option(List.of(monthly(A10, 0), monthly(GN7E, 0)), List.of()));
        legacy.put("rebatePercent", 3);
        var one = admin.put("/api/v1/quotes/" + id, Map.of("version", set.json().path("rowVersion").asInt(),
                "options", List.of(legacy)));
        assertThat(one.status()).as(one.body()).isEqualTo(200);
        m = one.json().path("options").get(0).path("margin");
        assertThat(m.path("rebatePercent").asText()).isEqualTo("3");
        assertThat(m.path("providerRebates").path("VOLCENGINE").asText()).isEqualTo("3");
        assertThat(m.path("providerRebates").path("ALIYUN").asText()).isEqualTo("3");
        assertThat(dec(m.path("rebateAmount"))).isEqualByComparingTo(
                margin(line(A10_LIST, A10_COST, "0", "3"), line(GN7E_LIST, GN7E_COST, "0", "3"))[2]);

        // saved again by the consultant without rebates: each provider keeps the admin's
        var kept = consultant.put("/api/v1/quotes/" + id, Map.of("version", one.json().path("rowVersion").asInt(),
                "options", List.of(option(List.of(monthly(A10, 0), monthly(GN7E, 0)), List.of()))));
        assertThat(kept.status()).as(kept.body()).isEqualTo(200);
        assertThat(adminMargin(id).path("providerRebates").path("ALIYUN").asText()).isEqualTo("3");
    }

    /*
     * V105's backfill gives an option from before it the rows the application writes now for an option of one
     * provider with one rebate (the only kind there was): here 7 % on two 火山引擎 lines and 7 % on one 阿里云 line.
     */
    @Test
    void theMigrationsBackfillWritesWhatTheApplicationWrites() throws Exception {
        Map<String, Object> volcano = new LinkedHashMap<>(option(List.of(monthly(A10, 0), monthly(A10, 5)), List.of()));
        volcano.put("rebatePercent", 7);
        Map<String, Object> aliyun = new LinkedHashMap<>(option(List.of(monthly(GN7E, 0)), List.of()));
        aliyun.put("rebatePercent", 7);
        String id = createQuote(admin, project, volcano, aliyun).path("id").asText();
        String rows = "select o.position, r.provider, r.rebate_percent from quote_option_rebates r "
                + "join quote_options o on o.tenant_id = r.tenant_id and o.id = r.option_id "
                + "where o.quote_id = '" + id + "' order by o.position, r.provider";
        try (java.sql.Connection c = com.gpuquote.TestDatabase.adminConnection()) {
            List<String> written = read(c, rows);
            assertThat(written).containsExactly("0 VOLCENGINE 7.00", "1 ALIYUN 7.00");
            c.setAutoCommit(false);
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("delete from quote_option_rebates");
                for (String statement : com.gpuquote.MigrationBackfill.statements("V105__rebates_per_provider.sql")) {
                    st.execute(statement);
                }
                assertThat(read(c, rows)).containsExactlyElementsOf(written);
            } finally {
                c.rollback();
            }
        }
    }

    private static List<String> read(java.sql.Connection c, String sql) throws java.sql.SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (var st = c.createStatement(); var rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getInt(1) + " " + rs.getString(2) + " " + rs.getBigDecimal(3).toPlainString());
            }
        }
        return out;
    }
}
