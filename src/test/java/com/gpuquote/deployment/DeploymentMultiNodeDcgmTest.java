package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.temporal.ChronoUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17, multi-node samples through the real database: two nodes' DCGM scrapes carry the same instants and
 * {@code gpu="0"} and differ only by their {@code Hostname} label. Both are stored (no sample counted as the other
 * node's duplicate), the analysis counts two GPUs, one per node, and a re-import finds only duplicates. An upload
 * without a node (the pre-V57 request) still lands on the unnamed node '' and is a third GPU, not a duplicate.
 */
@CalendarTest
class DeploymentMultiNodeDcgmTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    DeploymentService deployments;
    @Autowired
    RightSizingService rightSizing;
    @Autowired
    Clock clock;

    /** The first scrape's instant, taken once per test: a re-import of the same scrape has the same instants. */
    private long start;

    @BeforeEach
    void startTenMinutesAgo() {
        start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(600).toEpochMilli();
    }

    /** Five scrapes 10 s apart of GPU 0 on {@code hostname} (null: no label), FB used/free in MiB. */
    private byte[] scrape(String hostname, int usedMib) {
        String labels = "gpu=\"0\",UUID=\"GPU-1\",device=\"nvidia0\",modelName=\"NVIDIA A10\""
                + (hostname == null ? "" : ",Hostname=\"" + hostname + "\"");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            long at = start + 10_000L * i;
            b.append("DCGM_FI_DEV_FB_USED{").append(labels).append("} ").append(usedMib).append(' ').append(at).append('\n');
            b.append("DCGM_FI_DEV_FB_FREE{").append(labels).append("} ").append(23028 - usedMib).append(' ').append(at).append('\n');
            b.append("DCGM_FI_DEV_GPU_UTIL{").append(labels).append("} 50 ").append(at).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void twoHostnamesAtTheSameInstantsAreTwoGpus() {
        DeploymentFixtures.Setup s = fixtures.deployment();
        DeploymentId id = s.deployment().id();
        String consultant = s.tenant().consultantEmail();

        ImportResult first = fixtures.as().call(consultant, () -> deployments.importUtilization(id, scrape("gpu-a", 5000), null));
        ImportResult second = fixtures.as().call(consultant, () -> deployments.importUtilization(id, scrape("gpu-b", 20000), null));
        assertThat(first.format()).isEqualTo(UtilizationFormat.DCGM);
        assertThat(first.imported()).isEqualTo(5);
        assertThat(second.imported()).as("gpu-b's samples are not gpu-a's duplicates").isEqualTo(5);
        assertThat(second.duplicates()).isZero();
        assertThat(fixtures.gpuSamples(s.tenantId(), id)).isEqualTo(10);

        ImportResult again = fixtures.as().call(consultant, () -> deployments.importUtilization(id, scrape("gpu-b", 20000), null));
        assertThat(again.imported()).isZero();
        assertThat(again.duplicates()).isEqualTo(5);

        DeploymentAnalysis a = fixtures.as().call(consultant, () -> rightSizing.analyse(id, 7));
        assertThat(a.gpu().gpus()).isEqualTo(2);
        assertThat(a.gpu().samples()).isEqualTo(10);
        assertThat(a.perGpu()).extracting(g -> g.node() + "/" + g.gpu()).containsExactly("gpu-a/0", "gpu-b/0");
        // 20,000 of 23,028 MiB on gpu-b is the busiest: 86.85 % (shown to 0.1)
        assertThat(a.gpu().vramUsedPctMax()).isCloseTo(86.85, org.assertj.core.api.Assertions.within(0.06));

        // the old request shape (no host, no label) is still valid: the unnamed node, a GPU of its own
        ImportResult unnamed = fixtures.as().call(consultant, () -> deployments.importUtilization(id, scrape(null, 1000), null));
        assertThat(unnamed.imported()).isEqualTo(5);
        assertThat(unnamed.duplicates()).isZero();
        DeploymentAnalysis b = fixtures.as().call(consultant, () -> rightSizing.analyse(id, 7));
        assertThat(b.gpu().gpus()).isEqualTo(3);
        assertThat(fixtures.gpuSamples(s.tenantId(), id)).isEqualTo(15);
    }
}
