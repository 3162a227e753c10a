package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.commercial.BillingMode;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Deployments and utilisation import over REST against the real server and PostgreSQL. */
@CalendarTest
class DeploymentApiTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;

    Api consultant(TestTenants.TestTenant t) {
        return Api.basic(baseUrl(), t.consultantEmail(), TestTenants.PASSWORD);
    }

    static String text(String resource) {
        return new String(UtilizationParserTest.file(resource), StandardCharsets.UTF_8);
    }

    @Test
    void createListAndValidate() {
        DeploymentFixtures.Setup s = fixtures.deployment();
        Api api = consultant(s.tenant());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("projectId", s.project().id().value());
        body.put("instanceType", PortalFixtures.A10);
        body.put("region", "cn-beijing");
        body.put("billingMode", "YEARLY");
        body.put("count", 3);
        body.put("since", "2026-03-01");
        var created = api.post("/api/v1/deployments", body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().path("id").asText();
        assertThat(created.header("Location")).isEqualTo("/api/v1/deployments/" + id);
        assertThat(created.json().path("count").asInt()).isEqualTo(3);
        assertThat(created.json().path("billingMode").asText()).isEqualTo("YEARLY");

        var list = api.get("/api/v1/deployments?projectId=" + s.project().id().value());
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.json()).hasSize(2);
        assertThat(list.json().get(0).path("id").asText()).isEqualTo(id); // newest "since" first

        body.put("instanceType", "ecs.nope.1");
        body.put("count", 0);
        body.put("since", "2999-01-01");
        body.remove("billingMode");
        var bad = api.post("/api/v1/deployments", body);
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.json().path("errors").findValuesAsText("field"))
                .containsExactlyInAnyOrder("instanceType", "billingMode", "count", "since");
    }

    @Test
    void importCountsDuplicatesOnceAndRefusesBadFilesWithEveryLine() {
        DeploymentFixtures.Setup s = fixtures.deployment();
        Api api = consultant(s.tenant());
        String path = "/api/v1/deployments/" + s.deployment().id() + "/utilization";

        var first = api.send("POST", path, "text/csv", text("nvidia-smi-a10x2.csv"));
        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(first.json().path("imported").asInt()).isEqualTo(6);
        assertThat(first.json().path("duplicates").asInt()).isZero();
        assertThat(first.json().path("gpus").asInt()).isEqualTo(2);
        assertThat(first.json().path("from").asText()).isEqualTo("2026-11-20T02:00:00.125Z");
        assertThat(first.json().path("to").asText()).isEqualTo("2026-11-20T02:00:10.136Z");

        // the same samples again, without header and units: nothing new
        var again = api.send("POST", path, "text/plain", text("nvidia-smi-noheader-nounits-crlf.csv"));
        assertThat(again.json().path("imported").asInt()).isZero();
        assertThat(again.json().path("duplicates").asInt()).isEqualTo(6);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(6);

        var host = api.send("POST", path, "text/csv", text("host-meminfo.csv"));
        assertThat(host.json().path("imported").asInt()).isEqualTo(4);
        assertThat(host.json().path("gpus").asInt()).isZero();
        assertThat(fixtures.hostSamples(s.tenantId(), s.deployment().id())).isEqualTo(4);

        String bad = "timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n"
                + "2026/11/21 10:00:00.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 5 %\n"
                + "2026/11/21 10:00:05.000, 0, NVIDIA A10, lots, 23028 MiB, 5 %\n"
                + "2026/11/21 10:00:10.000, 0, NVIDIA A10, 1000 MiB, 23028 MiB, 101 %\n";
        var refused = api.send("POST", path, "text/csv", bad);
        assertThat(refused.status()).as(refused.body()).isEqualTo(422);
        JsonNode errors = refused.json().path("errors");
        assertThat(errors).hasSize(2);
        assertThat(errors.get(0).path("line").asInt()).isEqualTo(3);
        assertThat(errors.get(0).path("message").asText()).isEqualTo("memory.used is not a whole number: \"lots\".");
        assertThat(errors.get(1).path("line").asInt()).isEqualTo(4);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(6); // line 2 was not stored

        // an exposition timestamp no long holds: a 422 naming the line, not a 500
        var huge = api.send("POST", path, "text/plain", "DCGM_FI_DEV_FB_USED{gpu=\"0\"} 1 99999999999999999999\n"
                + "DCGM_FI_DEV_FB_FREE{gpu=\"0\"} 1 99999999999999999999\n");
        assertThat(huge.status()).as(huge.body()).isEqualTo(422);
        assertThat(huge.json().path("errors").get(0).path("line").asInt()).isEqualTo(1);
        assertThat(huge.json().path("errors").get(0).path("code").asText()).isEqualTo("timestamp");

        // the DCGM samples come from A100-80GB nodes, not this deployment's A10s: refused, then recorded on confirmation
        var dcgmRefused = api.send("POST", path, "text/plain", text("dcgm-scrapes.prom"));
        assertThat(dcgmRefused.status()).as(dcgmRefused.body()).isEqualTo(422);
        assertThat(dcgmRefused.json().path("code").asText()).isEqualTo("hardware-mismatch");
        var dcgm = api.send("POST", path + "?confirmHardware=true", "text/plain", text("dcgm-scrapes.prom"));
        assertThat(dcgm.status()).as(dcgm.body()).isEqualTo(200);
        assertThat(dcgm.json().path("imported").asInt()).isEqualTo(4);
        assertThat(dcgm.json().path("hardwareMismatch").findValuesAsText("field")).contains("gpuModel");
        var dcgmAgain = api.send("POST", path + "?confirmHardware=true", "text/plain", text("dcgm-timestamped.prom"));
        assertThat(dcgmAgain.json().path("duplicates").asInt()).isEqualTo(4);
    }

    @Test
    void aFileOverTheLimitIs413WithAProblemDetailAndNothingStored() throws Exception {
        DeploymentFixtures.Setup s = fixtures.deployment();
        String path = "/api/v1/deployments/" + s.deployment().id() + "/utilization";
        String auth = "Basic " + java.util.Base64.getEncoder().encodeToString(
                (s.tenant().consultantEmail() + ":" + TestTenants.PASSWORD).getBytes(StandardCharsets.UTF_8));
        long limit = UtilizationUpload.MAX_BYTES;

        // streamed without a length (chunked): valid nvidia-smi lines one byte past 100 MiB, read up to the limit
        var request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(baseUrl() + path))
                .header("Authorization", auth).header("Content-Type", "text/csv")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> nvidiaSmiLines(limit + 1)))
                .build();
        var response = java.net.http.HttpClient.newHttpClient()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(413);
        JsonNode problem = new com.fasterxml.jackson.databind.ObjectMapper().readTree(response.body());
        assertThat(problem.path("type").asText()).isEqualTo("https://gpuquote.dev/problems/too-large");
        assertThat(problem.path("code").asText()).isEqualTo("too-large");
        assertThat(problem.path("detail").asText()).isEqualTo("The file is larger than 100 MiB; split it");
        assertThat(problem.path("limitBytes").asLong()).isEqualTo(100L * 1024 * 1024);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isZero();

        // a declared length over the limit: refused once the REST limiter has its first 8 MiB, the rest never spooled
        try (java.net.Socket socket = new java.net.Socket("localhost", port)) {
            socket.setSoTimeout(30_000);
            byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + auth
                    + "\r\nContent-Type: text/csv\r\nContent-Length: " + (limit + 1) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            Thread writer = new Thread(() -> {
                try (java.io.InputStream body = nvidiaSmiLines(9L * 1024 * 1024)) {
                    socket.getOutputStream().write(head);
                    body.transferTo(socket.getOutputStream());
                    socket.getOutputStream().flush();
                } catch (java.io.IOException e) {
                    // the server may close the connection before the last bytes
                }
            });
            writer.start();
            String answer = new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            assertThat(answer).isEqualTo("HTTP/1.1 413");
            writer.join(30_000);
        }
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isZero();

        // a file under the limit still imports as before
        var small = consultant(s.tenant()).send("POST", path, "text/csv", text("nvidia-smi-a10x2.csv"));
        assertThat(small.status()).as(small.body()).isEqualTo(200);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(6);
    }

    /** {@code bytes} bytes of nvidia-smi lines of two A10s, one second apart, ending an hour ago (generated as read). */
    java.io.InputStream nvidiaSmiLines(long bytes) {
        java.time.Instant start = clock.instant().minus(java.time.Duration.ofDays(30));
        return new java.io.InputStream() {
            long left = bytes;
            long second;
            byte[] line = new byte[0];
            int at;

            @Override
            public int read() {
                if (left == 0) {
                    return -1;
                }
                if (at == line.length) {
                    java.time.Instant t = start.plusSeconds(second / 2);
                    line = (t + ", " + (second++ % 2) + ", NVIDIA A10, 1000 MiB, 23028 MiB, 5 %\n")
                            .getBytes(StandardCharsets.US_ASCII);
                    at = 0;
                }
                left--;
                return line[at++];
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left == 0) {
                    return -1;
                }
                int n = 0;
                while (n < len && left > 0) {
                    b[off + n++] = (byte) read();
                }
                return n;
            }
        };
    }

    @Test
    void anotherTenantsDeploymentsProjectsAndSamplesAreNotThere() {
        DeploymentFixtures.Setup a = fixtures.deployment();
        DeploymentFixtures.Setup b = fixtures.deployment();
        Api apiA = consultant(a.tenant());
        Api apiB = consultant(b.tenant());
        String path = "/api/v1/deployments/" + a.deployment().id();
        assertThat(apiA.send("POST", path + "/utilization", "text/csv", text("nvidia-smi-a10x2.csv")).status()).isEqualTo(200);

        assertThat(apiB.get(path).status()).isEqualTo(404);
        assertThat(apiB.send("POST", path + "/utilization", "text/csv", text("nvidia-smi-a10x2.csv")).status()).isEqualTo(404);
        assertThat(apiB.get("/api/v1/deployments?projectId=" + a.project().id().value()).status()).isEqualTo(404);
        Map<String, Object> body = Map.of("projectId", a.project().id().value(), "instanceType", PortalFixtures.A10,
                "region", "cn-beijing", "billingMode", "HOURLY", "count", 1, "since", "2026-01-01");
        assertThat(apiB.post("/api/v1/deployments", body).status()).isEqualTo(404);
        // row-level security: B's scope sees none of A's samples, A's sees its six
        assertThat(fixtures.gpuSamples(b.tenantId(), a.deployment().id())).isZero();
        assertThat(fixtures.gpuSamples(a.tenantId(), a.deployment().id())).isEqualTo(6);
        assertThat(Api.anonymous(baseUrl()).get(path).status()).isEqualTo(401);
    }

    @Test
    void fromAnAcceptedInferenceQuoteTheDeploymentSaysInferenceAndUsesItsBand() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        PortalFixtures.Sent sent = fixtures.sentQuote(t, PortalFixtures.SERVING_CANDIDATE);
        Api api = consultant(t);
        var accepted = Api.anonymous(baseUrl()).post("/portal/api/" + sent.token() + "/accept", Map.of(
                "optionId", sent.optionId("A"), "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        var created = api.post("/api/v1/deployments/from-order/" + sent.quoteId().value(), Map.of());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json()).hasSize(1);
        JsonNode d = created.json().get(0);
        assertThat(d.path("workload").asText()).isEqualTo("INFERENCE"); // the line's serving estimate
        assertThat(d.path("count").asInt()).isEqualTo(2);
        String id = d.path("id").asText();

        // one A10 node at 12 GiB of VRAM and 18 GiB of host RAM, constant: p95 = the value
        java.time.Instant start = clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).minusSeconds(3600);
        StringBuilder gpu = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        StringBuilder host = new StringBuilder("timestamp,mem_total_kib,mem_available_kib\n");
        long totalKib = 56L * 1024 * 1024;
        for (int i = 0; i < 10; i++) {
            java.time.Instant at = start.plusSeconds(60L * i);
            gpu.append(at).append(", 0, NVIDIA A10, 12288 MiB, 23028 MiB, 80 %\n");
            host.append(at.getEpochSecond()).append(',').append(totalKib).append(',')
                    .append(totalKib - 18L * 1024 * 1024).append('\n');
        }
        String path = "/api/v1/deployments/" + id;
        assertThat(api.send("POST", path + "/utilization", "text/csv", gpu.toString()).status()).isEqualTo(200);
        assertThat(api.send("POST", path + "/utilization", "text/csv", host.toString()).status()).isEqualTo(200);

        var analysis = api.get(path + "/analysis?days=7");
        assertThat(analysis.status()).as(analysis.body()).isEqualTo(200);
        JsonNode ratio = analysis.json().path("ratio");
        // RAM : VRAM = 18 GiB / (12 GiB × 1 GPU per instance) = 1.5: within inference's 1:1–1:2 (training's 1:2–1:4: below)
        assertThat(ratio.path("ramToVram").decimalValue()).isEqualByComparingTo("1.50");
        assertThat(ratio.path("bandMin").decimalValue()).isEqualByComparingTo("1");
        assertThat(ratio.path("bandMax").decimalValue()).isEqualByComparingTo("2");
        assertThat(ratio.path("status").asText()).isEqualTo("WITHIN");
    }

    @Test
    void fromAnAcceptedTrainingLineTrainingAndWithoutSizingTheConsultantsChoice() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        PortalFixtures.Sent training = fixtures.sentQuote(t, PortalFixtures.CANDIDATE); // A: a training estimate
        PortalFixtures.Sent unsized = fixtures.sentQuote(t, PortalFixtures.SERVING_CANDIDATE); // B: no sizing
        Api api = consultant(t);
        for (var s : List.of(Map.entry(training, "A"), Map.entry(unsized, "B"))) {
            var accepted = Api.anonymous(baseUrl()).post("/portal/api/" + s.getKey().token() + "/accept", Map.of(
                    "optionId", s.getKey().optionId(s.getValue()), "signerName", "张三",
                    "signerEmail", "zhang@customer.example", "agree", true));
            assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        }
        var fromTraining = api.post("/api/v1/deployments/from-order/" + training.quoteId().value(),
                Map.of("workload", "INFERENCE"));
        assertThat(fromTraining.status()).as(fromTraining.body()).isEqualTo(201);
        assertThat(fromTraining.json().get(0).path("workload").asText()).isEqualTo("TRAINING"); // the sizing wins
        var chosen = api.post("/api/v1/deployments/from-order/" + unsized.quoteId().value(),
                Map.of("workload", "INFERENCE"));
        assertThat(chosen.status()).as(chosen.body()).isEqualTo(201);
        assertThat(chosen.json().get(0).path("workload").asText()).isEqualTo("INFERENCE"); // option B: no sizing
    }

    @Test
    void fromAnAcceptedOrderOnceAndNeverFromAnOpenQuote() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices();
        PortalFixtures.Sent sent = fixtures.portal().sentQuote(t, "zh-CN");
        Api api = consultant(t);
        var notYet = api.post("/api/v1/deployments/from-order/" + sent.quoteId().value(), Map.of());
        assertThat(notYet.status()).as(notYet.body()).isEqualTo(409);

        var accepted = Api.anonymous(baseUrl()).post("/portal/api/" + sent.token() + "/accept", Map.of(
                "optionId", sent.optionId("B"), "signerName", "张三", "signerEmail", "zhang@customer.example", "agree", true));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);

        var created = api.post("/api/v1/deployments/from-order/" + sent.quoteId().value(), Map.of());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json()).hasSize(1);
        JsonNode d = created.json().get(0);
        assertThat(d.path("instanceType").asText()).isEqualTo(PortalFixtures.A10);
        assertThat(d.path("billingMode").asText()).isEqualTo(BillingMode.MONTHLY.name()); // option B: 4 × monthly
        assertThat(d.path("count").asInt()).isEqualTo(4);
        assertThat(d.path("projectId").asText()).isEqualTo(sent.project().id().value().toString());
        assertThat(d.path("sourceQuoteId").asText()).isEqualTo(sent.quoteId().value().toString());
        assertThat(d.path("workload").asText()).isEqualTo("TRAINING"); // option B has no sizing: the default

        assertThat(api.post("/api/v1/deployments/from-order/" + sent.quoteId().value(), Map.of()).status()).isEqualTo(409);
        TestTenants.TestTenant other = fixtures.portal().tenantWithPrices();
        assertThat(consultant(other).post("/api/v1/deployments/from-order/" + sent.quoteId().value(), Map.of()).status())
                .isEqualTo(404);
    }
}
