package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeId;
import com.gpuquote.catalog.Interconnect;
import com.gpuquote.catalog.Provider;
import com.gpuquote.quote.SizingRef;
import com.gpuquote.shared.I18n;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Every instance line says what it is on the quote document (issue 16), sizing figures labelled as such. */
@CalendarTest
class LineDescriptionsTest {

    private static final InstanceType H800 = new InstanceType(new InstanceTypeId(UUID.randomUUID()), Provider.VOLCENGINE,
            "ecs.hpcpni2", "ecs.hpcpni2.28xlarge",
            new GpuModel("H800-SXM5-80GB", "NVIDIA", "Hopper", new BigDecimal("80"), new BigDecimal("3350"),
                    new BigDecimal("989"), new BigDecimal("989"), new BigDecimal("1979"), new BigDecimal("1979"),
                    Interconnect.NVLINK, new BigDecimal("400"), "test", false),
            8, 128, new BigDecimal("2048"), new BigDecimal("7000"), new BigDecimal("3200"), Set.of("cn-beijing"),
            InstanceStatus.ACTIVE, "test", true, true);

    @Test
    void aLineSaysItsGpusVramCpuRamDiskAndNetwork() {
        String zh = LineDescriptions.describe(Optional.of(H800), null, I18n.CHINESE);
        assertThat(zh).isEqualTo("8 × H800-SXM5-80GB（每卡显存 80 GiB） · 128 vCPU · 内存 2,048 GiB · 本地 NVMe 7,000 GiB"
                + " · 网络 3,200 Gbps RDMA");
        assertThat(LineDescriptions.describe(Optional.of(H800), null, Locale.ENGLISH))
                .startsWith("8 × H800-SXM5-80GB (80 GiB each) · 128 vCPU · 2,048 GiB RAM");
    }

    @Test
    void aLineFromSizingAddsItsFitPlanAndEstimateButNoPrice() {
        String candidate = """
                {"perGpuTotalGiB":18.4,"vramPerGpuGiB":24,"vramUsedPct":76.7,"ramNeedGiB":23.0,"ramGiB":56,
                 "planDescription":"4 × H20 in one instance, tensor parallel 4","unitPrice":"4321.9876",
                 "performance":{"estimate":true,"trainingHours":149.74,"jobCost":"1497.41"}}""";
        String text = LineDescriptions.describe(Optional.empty(), new SizingRef(null, candidate), Locale.ENGLISH);
        assertThat(text).contains("Sized: VRAM need 18.4 GiB of 24 GiB per GPU (76.7 %), host RAM 23.0 of 56 GiB")
                .contains("Plan: 4 × H20 in one instance, tensor parallel 4")
                .contains("Estimate: ≈ 149.74 h of training, ≈ ¥1497.41 job cost")
                .doesNotContain("4321");
        String serving = """
                {"planDescription":"4 × H20 in one instance, tensor parallel 4","unitPrice":"4321.9876",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"maxConcurrentSequences":24,
                                "timeToFirstTokenMs":180,"costPerMillionOutputTokens":"0.8367"}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, serving), Locale.ENGLISH))
                .contains("Estimate: ≈ 1,903 output tokens/s at full load, first token ≈ 180 ms on an idle replica,"
                        + " ≈ ¥0.84 per million output tokens at these prices").doesNotContain("4321");
        String sizedForTraffic = """
                {"planDescription":"8 replicas of one A100 each",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                                "costPerMillionOutputTokens":"0.8367","inputTokens":1000,"outputTokens":500,
                                "replicasNeeded":12,"instancesNeeded":2}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, sizedForTraffic), Locale.ENGLISH))
                .contains("Sized for the stated traffic: 12 replicas on 2 instances; 1,000 input and 500 output tokens"
                        + " per request");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, serving), Locale.ENGLISH))
                .as("no traffic stated: no capacity claim").doesNotContain("stated traffic").doesNotContain("SLO");
        // the plan's assumptions on the line: the traffic, the latency objective and what a user gets at that load
        String sizedForSlo = """
                {"planDescription":"8 replicas of one A100 each",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                                "costPerMillionOutputTokens":"0.8367","inputTokens":1000,"outputTokens":500,
                                "replicasNeeded":12,"instancesNeeded":2,"requestsPerSecond":40.0,"ttftSloMs":800.0,
                                "tpotSloMs":30.0,"concurrentUsers":530,"perUserTokensPerSecond":41.3,
                                "timeToFirstTokenAtLoadMs":212,"timePerOutputTokenMs":24.2,"meetsSlo":true}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, sizedForSlo), Locale.ENGLISH))
                .contains("Stated traffic: 40 requests per second")
                .contains("Latency objective (SLO): first token ≤ 800 ms, ≤ 30 ms per output token; sized to meet it")
                .contains("Estimate: at 530 concurrent users, ≈ 41 output tokens/s per user, first token ≈ 212 ms,"
                        + " ≈ 24.2 ms per output token");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null,
                sizedForSlo.replace("\"meetsSlo\":true", "\"meetsSlo\":false")), Locale.ENGLISH))
                .contains("this plan cannot meet it");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, "{not json"), Locale.ENGLISH))
                .as("an unreadable candidate drops only the sizing part").isEmpty();
    }
}
