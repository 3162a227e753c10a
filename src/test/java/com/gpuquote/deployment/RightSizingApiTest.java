package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFixtures;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Analysis and the upgrade quote over REST (prices as in {@link RightSizingTest}). */
@CalendarTest
class RightSizingApiTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    Clock clock;

    @Test
    void analysisJsonAndAnUpgradeQuoteFromTheVerdict() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        quoteFixtures.publish(t, List.of(
                QuoteFixtures.row(RightSizingTest.A10, "MONTHLY", "5000.0000", "3000.0000"),
                QuoteFixtures.row(RightSizingTest.L20, "MONTHLY", "8000.0000", "5000.0000")));
        DeploymentFixtures.Setup s = fixtures.deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
        String token = quoteFixtures.token(t.consultantEmail());
        Api api = Api.bearer(baseUrl(), token);
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600);
        StringBuilder csv = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 10; i++) {
            csv.append(start.plusSeconds(10L * i)).append(", 0, NVIDIA A10, 22000 MiB, 23028 MiB, 90 %\n");
        }
        assertThat(api.send("POST", "/api/v1/deployments/" + s.deployment().id() + "/utilization", "text/csv",
                csv.toString()).status()).isEqualTo(200);

        var analysis = api.get("/api/v1/deployments/" + s.deployment().id() + "/analysis?days=7");
        assertThat(analysis.status()).as(analysis.body()).isEqualTo(200);
        JsonNode a = analysis.json();
        assertThat(a.path("window").path("from").asText()).isNotEmpty();
        // 22000 / 23028 = 95.5 %
        assertThat(a.path("gpu").path("vramUsedPctP95").decimalValue()).isEqualByComparingTo("95.5");
        assertThat(a.path("gpu").path("vramUsedPctP50").decimalValue()).isEqualByComparingTo("95.5");
        assertThat(a.path("gpu").path("vramUsedPctMax").decimalValue()).isEqualByComparingTo("95.5");
        assertThat(a.path("gpu").path("utilizationPctP95").decimalValue()).isEqualByComparingTo("90.0");
        assertThat(a.path("gpu").has("smActivePctP95")).isTrue();
        assertThat(a.path("gpu").path("smActivePctP95").isNull()).isTrue();
        assertThat(a.path("host").has("ramUsedPctP95")).isTrue();
        JsonNode v = a.path("verdicts").get(0);
        assertThat(v.path("code").asText()).isEqualTo("VRAM_SHORT");
        assertThat(v.path("instanceType").asText()).isEqualTo(RightSizingTest.L20);
        assertThat(v.path("monthlyPrice").asText()).isEqualTo("8000.00");
        assertThat(v.path("monthlySaving").asText()).isEqualTo("-3000.00");
        assertThat(v.path("currency").asText()).isEqualTo("CNY");
        assertThat(v.path("message").asText()).contains("显存使用 p95 95.5%"); // the tenant's language (zh-CN)

        var quote = api.post("/api/v1/deployments/" + s.deployment().id() + "/upgrade-quote", Map.of("verdict", "VRAM_SHORT"));
        assertThat(quote.status()).as(quote.body()).isEqualTo(201);
        JsonNode q = quote.json();
        assertThat(q.path("status").asText()).isEqualTo("DRAFT");
        assertThat(q.path("projectId").asText()).isEqualTo(s.project().id().value().toString());
        JsonNode line = q.path("options").get(0).path("lines").get(0);
        assertThat(line.path("instanceType").asText()).isEqualTo(RightSizingTest.L20);
        assertThat(line.path("billingMode").asText()).isEqualTo("MONTHLY");
        assertThat(line.path("quantity").asInt()).isEqualTo(1);
        assertThat(q.path("options").get(0).path("monthlyNet").asText()).isEqualTo("8000.00");
        // the option says why, with the figures of the samples (computed here): 22,000 of 23,028 MiB is 95.5 % at
        // p95 and at the peak, 22,000 MiB = 21.5 GiB per GPU; plus 25 % headroom 26.9 GiB; in the customer's zh-CN
        double peakGiB = 22000 / 1024.0;
        String p95 = String.format(java.util.Locale.ROOT, "%.1f", 22000 * 100.0 / 23028);
        String need = String.format(java.util.Locale.ROOT, "%.1f", peakGiB * 1.25);
        JsonNode option = q.path("options").get(0);
        assertThat(option.path("title").asText()).isEqualTo("显存不足 → 1 × " + RightSizingTest.L20);
        assertThat(option.path("summary").asText())
                .contains("显存使用 p95 " + p95 + "%，峰值 " + p95 + "%（每 GPU "
                        + String.format(java.util.Locale.ROOT, "%.1f", peakGiB) + " GiB）")
                .contains("按峰值加 25% 余量需每 GPU " + need + " GiB 显存")
                .contains("本方案：1 台 " + RightSizingTest.L20);
        assertThat(p95 + "/" + need).isEqualTo("95.5/26.9");
        assertThat(api.get("/api/v1/quotes/" + q.path("id").asText()).status()).isEqualTo(200);

        var noSuch = api.post("/api/v1/deployments/" + s.deployment().id() + "/upgrade-quote", Map.of("verdict", "OVERSIZED"));
        assertThat(noSuch.status()).isEqualTo(409);
        var bad = api.post("/api/v1/deployments/" + s.deployment().id() + "/upgrade-quote", Map.of("verdict", "BIGGER"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("errors").get(0).path("field").asText()).isEqualTo("verdict");
        assertThat(api.get("/api/v1/deployments/" + s.deployment().id() + "/analysis?days=0").status()).isEqualTo(400);

        TestTenants.TestTenant other = fixtures.portal().tenantWithPrices();
        Api otherApi = Api.bearer(baseUrl(), quoteFixtures.token(other.consultantEmail()));
        assertThat(otherApi.get("/api/v1/deployments/" + s.deployment().id() + "/analysis?days=7").status()).isEqualTo(404);
        assertThat(otherApi.post("/api/v1/deployments/" + s.deployment().id() + "/upgrade-quote",
                Map.of("verdict", "VRAM_SHORT")).status()).isEqualTo(404);
    }

    /** nvidia-smi CSV: one A10 at {@code usedMiB} of 23,028 MiB and {@code util} % for ten minutes, 10 s apart. */
    private String a10Csv(int usedMiB, int util) {
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600);
        StringBuilder csv = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 10; i++) {
            csv.append(start.plusSeconds(10L * i)).append(", 0, NVIDIA A10, ").append(usedMiB).append(" MiB, 23028 MiB, ")
                    .append(util).append(" %\n");
        }
        return csv.toString();
    }

    @Test
    void figuresTheSamplesLackShowAsADashInTheVerdict() {
        // GPU samples only (no host RAM), and the deployed A10 has no price for this customer: the upgrade's saving
        // against today is unknown, and the RAM figure is unknown
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        quoteFixtures.publish(t, List.of(QuoteFixtures.row(RightSizingTest.L20, "MONTHLY", "8000.0000", "5000.0000")));
        DeploymentFixtures.Setup s = fixtures.deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
        Api api = Api.bearer(baseUrl(), quoteFixtures.token(t.consultantEmail()));
        String path = "/api/v1/deployments/" + s.deployment().id();
        assertThat(api.send("POST", path + "/utilization", "text/csv", a10Csv(22000, 90)).status()).isEqualTo(200);

        var analysis = api.get(path + "/analysis?days=7");
        assertThat(analysis.status()).as(analysis.body()).isEqualTo(200);
        JsonNode v = analysis.json().path("verdicts").get(0);
        assertThat(v.path("code").asText()).isEqualTo("VRAM_SHORT");
        assertThat(v.path("instanceType").asText()).isEqualTo(RightSizingTest.L20);
        // 22000 / 23028 = 95.5 %; the L20's 8,000.00 a month; no change against today to tell
        assertThat(v.path("message").asText()).startsWith("显存使用 p95 95.5%（最高 95.5%）。")
                .endsWith("每月 8,000.00 CNY（较当前每月 – CNY）。");

        // within the thresholds: 11514 / 23028 = 50.0 % VRAM, 40 % busy, no host figure
        DeploymentFixtures.Setup ok = fixtures.deployment(t, RightSizingTest.A10, BillingMode.MONTHLY, 1);
        String okPath = "/api/v1/deployments/" + ok.deployment().id();
        assertThat(api.send("POST", okPath + "/utilization", "text/csv", a10Csv(11514, 40)).status()).isEqualTo(200);
        var okAnalysis = api.get(okPath + "/analysis?days=7");
        assertThat(okAnalysis.status()).as(okAnalysis.body()).isEqualTo(200);
        assertThat(okAnalysis.json().path("verdicts").get(0).path("message").asText())
                .isEqualTo("在阈值范围内：显存使用 p95 50%，主机内存使用 p95 –%，GPU 利用率（nvidia-smi） p95 40%。");
    }

    @Test
    void thresholdsAreTheTenantAdminsToChange() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        Api admin = Api.bearer(baseUrl(), quoteFixtures.token(t.adminEmail()));
        Api consultant = Api.bearer(baseUrl(), quoteFixtures.token(t.consultantEmail()));
        assertThat(consultant.get("/api/v1/rightsizing/thresholds").json().path("vramShortPct").decimalValue())
                .isEqualByComparingTo("90");
        Map<String, Object> body = Map.of("vramShortPct", 85, "ramShortPct", 92.5, "oversizedPct", 30, "underusedPct", 3);
        assertThat(consultant.put("/api/v1/rightsizing/thresholds", body).status()).isEqualTo(403);
        var changed = admin.put("/api/v1/rightsizing/thresholds", body);
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json().path("ramShortPct").decimalValue()).isEqualByComparingTo("92.5");
        var bad = admin.put("/api/v1/rightsizing/thresholds", Map.of("vramShortPct", 0, "ramShortPct", 150,
                "oversizedPct", 30, "underusedPct", 3));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field")).containsExactlyInAnyOrder("vramShortPct", "ramShortPct");
        // another tenant still has the defaults
        TestTenants.TestTenant other = fixtures.portal().tenantWithPrices();
        assertThat(Api.bearer(baseUrl(), quoteFixtures.token(other.consultantEmail())).get("/api/v1/rightsizing/thresholds")
                .json().path("vramShortPct").decimalValue()).isEqualByComparingTo("90");
    }
}
