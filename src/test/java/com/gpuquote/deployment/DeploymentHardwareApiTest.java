package com.gpuquote.deployment;

import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42: an uploaded utilisation file is checked against the deployment's hardware. A file of 8 × A100-40GB into a
 * deployment of one 4 × H20-96GB instance (ecs.pni3ln.22xlarge) is refused with what differs and nothing stored;
 * confirmed, it is stored and the differences show with the analysis; a file of the deployment's own GPUs and a host
 * memory file (no GPU figures) are accepted as before.
 */
@CalendarTest
class DeploymentHardwareApiTest extends IntegrationTest {

    static final String H20_X4 = "ecs.pni3ln.22xlarge";

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    RightSizingReportService reports;

    /** nvidia-smi CSV with units: {@code gpus} GPUs named {@code name} of {@code totalMib}, 5 samples 10 s apart. */
    String nvidiaSmi(int gpus, String name, int totalMib, Instant start) {
        StringBuilder b = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 5; i++) {
            for (int g = 0; g < gpus; g++) {
                b.append(start.plusSeconds(10L * i)).append(", ").append(g).append(", ").append(name).append(", ")
                        .append(totalMib / 2).append(" MiB, ").append(totalMib).append(" MiB, 50 %\n");
            }
        }
        return b.toString();
    }

    @Test
    void eightA100sIntoFourH20sAreRefusedWithWhatDiffersAndRecordedOnlyWhenConfirmed() throws Exception {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        DeploymentFixtures.Setup s = fixtures.deployment(t, H20_X4, BillingMode.MONTHLY, 1);
        Api api = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        String path = "/api/v1/deployments/" + s.deployment().id();
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
        String a100s = nvidiaSmi(8, "NVIDIA A100-SXM4-40GB", 40960, start);

        var refused = api.send("POST", path + "/utilization", "text/csv", a100s);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        JsonNode p = refused.json();
        assertThat(p.path("type").asText()).isEqualTo("https://gpuquote.dev/problems/hardware-mismatch");
        assertThat(p.path("code").asText()).isEqualTo("hardware-mismatch");
        // expected: the catalog's H20-SXM5-96GB, 4 per instance × 1 instance, 96 GiB = 96 × 1024 MiB
        assertThat(differences(p.path("differences"))).containsExactly(
                "gpuModel|H20-SXM5-96GB|NVIDIA A100-SXM4-40GB",
                "gpuCount|" + (4 * 1) + "|8",
                "memoryTotal|" + (96 * 1024) + " MiB|40960 MiB");
        assertThat(p.path("differences").get(1).path("message").asText()).isEqualTo("GPU 数量：部署共 4 块，文件有 8 块");
        assertThat(p.path("detail").asText()).contains("confirmHardware=true");
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isZero();
        assertThat(api.get(path + "/analysis?days=7").json().path("hardwareMismatches")).isEmpty();

        var confirmed = api.send("POST", path + "/utilization?confirmHardware=true", "text/csv", a100s);
        assertThat(confirmed.status()).as(confirmed.body()).isEqualTo(200);
        assertThat(confirmed.json().path("imported").asInt()).isEqualTo(8 * 5);
        assertThat(differences(confirmed.json().path("hardwareMismatch")))
                .containsExactly("gpuModel|H20-SXM5-96GB|NVIDIA A100-SXM4-40GB", "gpuCount|4|8",
                        "memoryTotal|98304 MiB|40960 MiB");
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(40);

        JsonNode analysis = api.get(path + "/analysis?days=7").json();
        JsonNode mismatches = analysis.path("hardwareMismatches");
        assertThat(mismatches).hasSize(1);
        assertThat(mismatches.get(0).path("samplesFrom").asText()).isEqualTo(start.toString());
        assertThat(mismatches.get(0).path("samplesTo").asText()).isEqualTo(start.plusSeconds(40).toString());
        assertThat(differences(mismatches.get(0).path("differences")))
                .containsExactly("gpuModel|H20-SXM5-96GB|NVIDIA A100-SXM4-40GB", "gpuCount|4|8",
                        "memoryTotal|98304 MiB|40960 MiB");
        assertThat(mismatches.get(0).path("differences").get(0).path("message").asText())
                .isEqualTo("GPU 型号：部署为 H20-SXM5-96GB，文件为 NVIDIA A100-SXM4-40GB");
        // and so does the right-sizing report (the customer's zh-CN)
        String report = RightSizingReportTest.text(fixtures.as().call(t.consultantEmail(), () -> reports.render(
                s.deployment().id(), AnalysisWindow.lastDays(7, clock.instant()))).content());
        assertThat(report).contains("此窗口内有样本来自与部署不符的硬件");
        // a window before the file: the mismatch is not among its samples
        assertThat(api.get(path + "/analysis?from=2026-01-05&to=2026-01-06").json().path("hardwareMismatches")).isEmpty();
    }

    @Test
    void theDeploymentsOwnGpusAndAHostMemoryFileAreAcceptedAsBefore() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        DeploymentFixtures.Setup s = fixtures.deployment(t, H20_X4, BillingMode.MONTHLY, 2);
        Api api = Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
        String path = "/api/v1/deployments/" + s.deployment().id();
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);

        // nvidia-smi on an H20 reports 97,871 MiB of the nominal 98,304 (0.4 % under); one node of two
        var h20 = api.send("POST", path + "/utilization?host=node-1", "text/csv", nvidiaSmi(4, "NVIDIA H20", 97871, start));
        assertThat(h20.status()).as(h20.body()).isEqualTo(200);
        assertThat(h20.json().path("imported").asInt()).isEqualTo(20);
        assertThat(h20.json().path("hardwareMismatch")).isEmpty();

        StringBuilder host = new StringBuilder("timestamp,mem_total_kib,mem_available_kib\n");
        for (int i = 0; i < 5; i++) {
            host.append(start.plusSeconds(10L * i).getEpochSecond()).append(",1006632960,503316480\n");
        }
        var memory = api.send("POST", path + "/utilization", "text/csv", host.toString());
        assertThat(memory.status()).as(memory.body()).isEqualTo(200);
        assertThat(memory.json().path("imported").asInt()).isEqualTo(5);
        assertThat(api.get(path + "/analysis?days=7").json().path("hardwareMismatches")).isEmpty();
    }

    static List<String> differences(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(d -> out.add(d.path("field").asText() + "|" + d.path("expected").asText() + "|"
                + d.path("found").asText()));
        return out;
    }
}
