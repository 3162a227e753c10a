package com.gpuquote.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.CalendarTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.ProjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 40, POST /api/v1/sizing-runs/{id}/good-better-best-quote: a Llama 3 70B serving run sized for 2 requests/s
 * within an SLO becomes a quote whose options A, B, C are the cheapest plan meeting the SLO, the best price for the
 * speed, and the fastest, recomputed here from the run's own stored report (policy: docs/sizing-model.md "Good /
 * better / best"). Each line sells the instances the traffic needs, keeps the plan, and is priced at the list price
 * through the customer's agreement (10 % off, computed here). The run is sized and saved through the REST API with
 * the recommendation's pricing fields (POST /api/v1/projects/{id}/sizing-runs), as the sizing view saves one. Fewer plans give fewer options; none 422; another
 * tenant's run 404.
 */
@CalendarTest
class GoodBetterBestQuoteApiTest extends QuoteApiSupport {

    /** HOURLY list prices (and costs) of the multi-GPU types that can hold a 70B model in BF16. */
    static final Map<String, String> LIST = Map.of(
            "ecs.gni3cl.11xlarge", "30.0000", "ecs.gni3cl.22xlarge", "60.0000", "ecs.gni3cl.45xlarge", "120.0000",
            "ecs.pni3ln.11xlarge", "70.0000", "ecs.pni3ln.22xlarge", "140.0000", "ecs.pni2l.14xlarge", "160.0000",
            "ecs.pni2l.28xlarge", "320.0000", "ecs.gni2.28xlarge", "100.0000");
    /** The body of POST /api/v1/projects/{id}/sizing-runs with the recommendation's pricing fields. */
    static final String RUN = """
            {"name":"Llama 3 70B 在线推理",
             "input":{"workload":"INFERENCE","model":{"preset":"llama-3-70b"},"precision":"BF16","sequenceLength":8192},
             "region":"cn-beijing","billingMode":"HOURLY","maxCandidates":%d,"rankBy":"COST_PER_MILLION_TOKENS",
             "traffic":{"requestsPerSecond":2,"inputTokens":1024,"outputTokens":256,"ttftMs":3000,"tpotMs":%s}}""";

    @Autowired
    TestTenants tenants;
    @Autowired
    QuoteQueries quoteQueries;

    String customerId;
    String projectId;

    @BeforeEach
    void tenantWithSeventyBTypesAndACustomerWithTenPercentOff() {
        tenant = tenants.create();
        List<String> rows = new ArrayList<>();
        LIST.forEach((type, price) -> rows.add(QuoteFixtures.row(type, "HOURLY", price,
                new BigDecimal(price).multiply(new BigDecimal("0.6")).setScale(4, RoundingMode.HALF_UP).toPlainString())));
        fixtures.publish(tenant, rows);
        admin = Api.basic(baseUrl(), tenant.adminEmail(), TestTenants.PASSWORD);
        consultant = Api.basic(baseUrl(), tenant.consultantEmail(), TestTenants.PASSWORD);
        String[] cp = customerAndProject();
        customerId = cp[0];
        projectId = cp[1];
        agreement(customerId, List.of(percentOff(10, null, null)));
    }

    @Test
    void threeOptionsAreTheCheapestTheBalancedAndTheFastestPlanMeetingTheSlo() {
        UUID run = savedRun(10, "50");
        JsonNode report = storedReport(run);
        List<JsonNode> qualifying = qualifying(report);
        List<JsonNode> expected = goodBetterBest(qualifying);
        assertThat(expected).as("the run offers three distinct plans within the SLO: %s", report).hasSize(3);

        var r = consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote", Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode quote = r.json();
        assertThat(r.header("Location")).isEqualTo("/api/v1/quotes/" + quote.path("id").asText());
        assertThat(quote.path("status").asText()).isEqualTo("DRAFT");
        assertThat(quote.path("projectId").asText()).isEqualTo(projectId);
        assertThat(quote.path("goodBetterBest").path("complete").asBoolean()).isTrue();
        assertThat(quote.path("goodBetterBest").path("qualifying").asInt()).isEqualTo(qualifying.size());
        JsonNode options = quote.path("options");
        assertThat(options.size()).isEqualTo(3);
        String[] tiers = {"GOOD", "BETTER", "BEST"};
        String[] words = {"好 · 成本最低", "更好 · 性价比均衡", "最好 · 速度最快"};
        for (int i = 0; i < 3; i++) {
            JsonNode option = options.get(i);
            JsonNode candidate = expected.get(i);
            String type = candidate.path("instanceType").asText();
            int needed = candidate.path("performance").path("instancesNeeded").asInt();
            assertThat(option.path("name").asText()).isEqualTo(String.valueOf((char) ('A' + i)));
            assertThat(quote.path("goodBetterBest").path("options").get(i).path("tier").asText()).isEqualTo(tiers[i]);
            assertThat(option.path("title").asText()).isEqualTo(words[i] + " · " + needed + " × " + type);
            assertThat(option.path("summary").asText()).contains("Llama 3 70B")
                    .contains("按所述流量需要 " + needed + " 台实例").contains("满足 SLO")
                    .contains("每输出 token ≈ " + candidate.path("performance").path("timePerOutputTokenMs").decimalValue()
                            .toPlainString() + " 毫秒");
            JsonNode line = option.path("lines").get(0);
            assertThat(option.path("lines").size()).isEqualTo(1);
            assertThat(line.path("instanceType").asText()).isEqualTo(type);
            assertThat(line.path("quantity").asInt()).as("the instances the traffic needs within the SLO")
                    .isEqualTo(needed).isGreaterThanOrEqualTo(candidate.path("instances").asInt());
            assertThat(line.path("billingMode").asText()).isEqualTo("HOURLY");
            assertThat(line.path("region").asText()).isEqualTo("cn-beijing");
            assertThat(line.path("termMonths").asInt()).isEqualTo(12);
            BigDecimal list = new BigDecimal(LIST.get(type));
            BigDecimal net = list.multiply(new BigDecimal("0.90")).setScale(4, RoundingMode.HALF_UP);
            assertThat(line.path("listUnitPrice").asText()).isEqualTo(list.toPlainString());
            assertThat(line.path("netUnitPrice").asText()).isEqualTo(net.toPlainString());
            assertThat(line.path("monthlyAmount").asText()).isEqualTo(net.multiply(BigDecimal.valueOf(730L * needed))
                    .setScale(2, RoundingMode.HALF_UP).toPlainString());
            // the line keeps the plan's assumptions: the run, the plan, the traffic and SLO it was sized for
            assertThat(line.path("sizing").path("sizingRunId").asText()).isEqualTo(run.toString());
            JsonNode kept = line.path("sizing").path("candidate");
            assertThat(kept.path("plan")).isEqualTo(candidate.path("plan"));
            assertThat(kept.path("performance").path("instancesNeeded").asInt()).isEqualTo(needed);
            assertThat(kept.path("performance").path("tpotSloMs").asDouble()).isEqualTo(50.0);
            assertThat(kept.path("performance").path("requestsPerSecond").asDouble()).isEqualTo(2.0);
        }
        // the quote reads back as created
        var read = consultant.get("/api/v1/quotes/" + quote.path("id").asText());
        assertThat(read.json().path("options").size()).isEqualTo(3);
    }

    @Test
    void twoPlansWithinTheSloGiveTwoOptionsAndSaySo() {
        JsonNode ten = storedReport(savedRun(10, "50"));
        // the first k candidates of the same ranking hold exactly two distinct plans within the SLO
        int k = 0;
        List<JsonNode> seen = new ArrayList<>();
        for (JsonNode c : ten.path("candidates")) {
            k++;
            if (qualifies(c) && seen.stream().noneMatch(s -> sameLine(s, c))) {
                seen.add(c);
            }
            if (seen.size() == 2) {
                break;
            }
        }
        assertThat(seen).as("two plans within the SLO among %s", ten).hasSize(2);
        UUID run = savedRun(k, "50");
        List<JsonNode> expected = goodBetterBest(qualifying(storedReport(run)));
        assertThat(expected).hasSize(2);

        var r = consultant.postWithHeader("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                "Accept-Language", "en");
        assertThat(r.status()).as(r.body()).isEqualTo(201);
        JsonNode gbb = r.json().path("goodBetterBest");
        assertThat(gbb.path("complete").asBoolean()).isFalse();
        assertThat(gbb.path("message").asText()).isEqualTo(
                "Only " + qualifying(storedReport(run)).size() + " plans meet the targets: the quote has 2 options, not three");
        assertThat(gbb.path("options").findValuesAsText("tier")).containsExactly("GOOD", "BEST");
        JsonNode options = r.json().path("options");
        assertThat(options.size()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            assertThat(options.get(i).path("lines").get(0).path("instanceType").asText())
                    .isEqualTo(expected.get(i).path("instanceType").asText());
            assertThat(options.get(i).path("lines").get(0).path("quantity").asInt())
                    .isEqualTo(expected.get(i).path("performance").path("instancesNeeded").asInt());
        }
    }

    @Test
    void noPlanWithinTheSloOrNoCandidatesAnswers422AndStoresNothing() {
        UUID impossible = savedRun(10, "0.5");
        assertThat(qualifying(storedReport(impossible))).isEmpty();
        var r = consultant.post("/api/v1/sizing-runs/" + impossible + "/good-better-best-quote", Map.of());
        assertThat(r.status()).as(r.body()).isEqualTo(422);
        assertThat(r.json().path("code").asText()).isEqualTo("sizing.goodBetterBest.noneMeetTargets");
        assertThat(r.json().path("detail").asText()).contains("No candidate").contains("targets");

        // a run saved through the REST API holds the sizing only
        var sizingOnly = consultant.post("/api/v1/projects/" + projectId + "/sizing-runs",
                Map.of("name", "仅测算", "input", Map.of("workload", "INFERENCE",
                        "model", Map.of("preset", "llama-3-70b"), "precision", "BF16", "sequenceLength", 8192)));
        assertThat(sizingOnly.status()).as(sizingOnly.body()).isEqualTo(201);
        var none = consultant.postWithHeader("/api/v1/sizing-runs/" + sizingOnly.json().path("id").asText()
                + "/good-better-best-quote", "Accept-Language", "zh-CN");
        assertThat(none.status()).as(none.body()).isEqualTo(422);
        assertThat(none.json().path("code").asText()).isEqualTo("sizing.goodBetterBest.noCandidates");
        assertThat(none.json().path("detail").asText()).contains("候选方案");
        assertThat(as.call(tenant.consultantEmail(), () -> quoteQueries.forProject(new ProjectId(
                UUID.fromString(projectId))))).isEmpty();
    }

    @Test
    void anotherTenantsRunIs404AndBadInputNamesTheField() {
        UUID run = savedRun(10, "50");
        TestTenants.TestTenant other = tenants.create();
        var foreign = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD)
                .post("/api/v1/sizing-runs/" + run + "/good-better-best-quote", Map.of());
        assertThat(foreign.status()).as(foreign.body()).isEqualTo(404);
        assertThat(consultant.post("/api/v1/sizing-runs/" + UUID.randomUUID() + "/good-better-best-quote",
                Map.of()).status()).isEqualTo(404);

        String otherProject = consultant.post("/api/v1/projects", Map.of("customerId", customerId, "name", "另一项目"))
                .json().path("id").asText();
        var wrongProject = consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                Map.of("projectId", otherProject));
        assertThat(wrongProject.status()).as(wrongProject.body()).isEqualTo(400);
        assertThat(wrongProject.json().path("errors").findValuesAsText("field")).containsExactly("projectId");

        String foreignProject = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD)
                .post("/api/v1/customers", Map.of("name", "别家客户")).json().path("id").asText();
        foreignProject = Api.basic(baseUrl(), other.consultantEmail(), TestTenants.PASSWORD).post("/api/v1/projects",
                Map.of("customerId", foreignProject, "name", "别家项目")).json().path("id").asText();
        assertThat(consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                Map.of("projectId", foreignProject)).status()).isEqualTo(404);

        var past = consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                Map.of("validUntil", today().minusDays(1).toString()));
        assertThat(past.status()).as(past.body()).isEqualTo(400);
        assertThat(past.json().path("errors").findValuesAsText("field")).containsExactly("validUntil");

        var notADate = consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                Map.of("validUntil", "next week"));
        assertThat(notADate.status()).as(notADate.body()).isEqualTo(400);
        assertThat(notADate.body()).contains("validUntil");

        var ok = consultant.post("/api/v1/sizing-runs/" + run + "/good-better-best-quote",
                Map.of("projectId", projectId, "validUntil", today().plusDays(10).toString()));
        assertThat(ok.status()).as(ok.body()).isEqualTo(201);
        assertThat(ok.json().path("validUntil").asText()).isEqualTo(today().plusDays(10).toString());
    }

    @Test
    void aRecommendedRunWithBadInputIs400NamingEveryFieldAndStoresNothing() {
        var r = consultant.post("/api/v1/projects/" + projectId + "/sizing-runs",
                RUN.formatted(10, "-5").replace("\"name\":\"Llama 3 70B 在线推理\"", "\"name\":\"\""));
        assertThat(r.status()).as(r.body()).isEqualTo(400);
        assertThat(r.json().path("errors").findValuesAsText("field")).contains("name", "traffic.tpotMs");
        assertThat(consultant.get("/api/v1/projects/" + projectId + "/sizing-runs").json().size()).isZero();
    }

    // --- the run, saved as the sizing view saves it: the input with region and billing mode, the report shown ---

    private UUID savedRun(int maxCandidates, String tpotMs) {
        var saved = consultant.post("/api/v1/projects/" + projectId + "/sizing-runs", RUN.formatted(maxCandidates,
                tpotMs));
        assertThat(saved.status()).as(saved.body()).isEqualTo(201);
        // priced for the project's customer, as the sizing view opened for the project prices
        assertThat(saved.json().path("result").path("candidates").get(0).path("netUnitPrice").asText())
                .isNotEqualTo(saved.json().path("result").path("candidates").get(0).path("listUnitPrice").asText());
        assertThat(saved.json().path("input").path("traffic").path("tpotMs").asDouble())
                .isEqualTo(Double.parseDouble(tpotMs));
        return UUID.fromString(saved.json().path("id").asText());
    }

    /** The run's report as the API answers the saved run. */
    private JsonNode storedReport(UUID run) {
        var list = consultant.get("/api/v1/projects/" + projectId + "/sizing-runs");
        for (JsonNode r : list.json()) {
            if (r.path("id").asText().equals(run.toString())) {
                return r.path("result");
            }
        }
        throw new AssertionError("run " + run + " not listed");
    }

    // --- the policy, computed independently from the report's figures ---

    private static boolean qualifies(JsonNode c) {
        JsonNode p = c.path("performance");
        return p.path("meetsSlo").asBoolean(false) && p.path("monthlyPriceForTraffic").isTextual()
                && p.path("timePerOutputTokenMs").isNumber();
    }

    private static List<JsonNode> qualifying(JsonNode report) {
        List<JsonNode> out = new ArrayList<>();
        report.path("candidates").forEach(c -> {
            if (qualifies(c)) {
                out.add(c);
            }
        });
        return out;
    }

    /** What the quote costs a month for the traffic (lower is cheaper). */
    private static double price(JsonNode c) {
        return Double.parseDouble(c.path("performance").path("monthlyPriceForTraffic").asText());
    }

    /** Per-token latency at the traffic (lower is faster). */
    private static double tpot(JsonNode c) {
        return c.path("performance").path("timePerOutputTokenMs").asDouble();
    }

    private static boolean sameLine(JsonNode a, JsonNode b) {
        return a.path("instanceType").asText().equals(b.path("instanceType").asText())
                && a.path("performance").path("instancesNeeded").asInt() == b.path("performance").path("instancesNeeded").asInt();
    }

    /** [good, better, best], or [good, best], or [good]; the list is in the run's order for ties. */
    private static List<JsonNode> goodBetterBest(List<JsonNode> qualifying) {
        if (qualifying.isEmpty()) {
            return List.of();
        }
        JsonNode good = qualifying.stream().min(Comparator.comparingDouble(GoodBetterBestQuoteApiTest::price)
                .thenComparingDouble(GoodBetterBestQuoteApiTest::tpot)).orElseThrow();
        List<JsonNode> rest = qualifying.stream().filter(c -> !sameLine(c, good)).toList();
        if (rest.isEmpty()) {
            return List.of(good);
        }
        JsonNode best = rest.stream().min(Comparator.comparingDouble(GoodBetterBestQuoteApiTest::tpot)
                .thenComparingDouble(GoodBetterBestQuoteApiTest::price)).orElseThrow();
        List<JsonNode> rest2 = rest.stream().filter(c -> !sameLine(c, best)).toList();
        if (rest2.isEmpty()) {
            return List.of(good, best);
        }
        // price × time per token: the best price for the speed each user gets
        JsonNode better = rest2.stream().min(Comparator.comparingDouble((JsonNode c) -> price(c) * tpot(c))
                .thenComparingDouble(GoodBetterBestQuoteApiTest::price)).orElseThrow();
        return List.of(good, better, best);
    }
}
