package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.quote.QuoteFixtures;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: the two nodes of a 2-instance deployment both report GPUs 0 and 1 at the same instants. Uploaded with
 * {@code ?host=}, each node's samples are stored (none counted as the other's duplicate), the analysis counts four
 * GPUs, and re-uploading a node's file only finds duplicates. A host name with a space is refused, nothing stored.
 */
@CalendarTest
class MultiNodeSamplesApiTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    Clock clock;

    /** Sample instants fixed once per test: a re-upload must repeat them exactly even if a second has passed. */
    private Instant start;

    private String file(int usedMib) {
        if (start == null) {
            start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600);
        }
        StringBuilder b = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 5; i++) {
            for (int gpu = 0; gpu < 2; gpu++) {
                b.append(start.plusSeconds(10L * i)).append(", ").append(gpu).append(", NVIDIA A10, ")
                        .append(usedMib).append(" MiB, 23028 MiB, 50 %\n");
            }
        }
        return b.toString();
    }

    @Test
    void twoNodesWithTheSameInstantsAndGpuIndexesAreFourGpus() {
        DeploymentFixtures.Setup s = fixtures.deployment();
        Api api = Api.bearer(baseUrl(), quoteFixtures.token(s.tenant().consultantEmail()));
        String path = "/api/v1/deployments/" + s.deployment().id() + "/utilization";

        JsonNode first = api.send("POST", path + "?host=node-1", "text/csv", file(10000)).json();
        JsonNode second = api.send("POST", path + "?host=node-2", "text/csv", file(20000)).json();
        assertThat(first.path("imported").asInt()).isEqualTo(10);
        assertThat(second.path("imported").asInt()).as("node-2's samples are not node-1's duplicates").isEqualTo(10);
        assertThat(second.path("duplicates").asInt()).isZero();
        assertThat(second.path("gpus").asInt()).isEqualTo(2);

        JsonNode again = api.send("POST", path + "?host=node-1", "text/csv", file(10000)).json();
        assertThat(again.path("imported").asInt()).isZero();
        assertThat(again.path("duplicates").asInt()).isEqualTo(10);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(20);

        JsonNode a = api.get("/api/v1/deployments/" + s.deployment().id() + "/analysis?days=7").json();
        assertThat(a.path("gpu").path("gpus").asInt()).isEqualTo(4);
        // half the samples at 10,000 MiB, half at 20,000 MiB of 23,028: the busiest node sets the p95
        assertThat(a.path("gpu").path("vramUsedPctMax").decimalValue()).isEqualByComparingTo("86.9");
        List<String> perGpu = new ArrayList<>();
        a.path("perGpu").forEach(g -> perGpu.add(g.path("node").asText() + "/" + g.path("gpu").asInt()));
        assertThat(perGpu).containsExactly("node-1/0", "node-1/1", "node-2/0", "node-2/1");

        var refused = api.send("POST", path + "?host=node%201", "text/csv", file(1000));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body()).contains("\"host\"");
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(20);
    }
}
