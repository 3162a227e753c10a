package com.gpuquote.quote.pdf;

import com.gpuquote.CalendarTest;
import com.gpuquote.catalog.GpuModel;
import com.gpuquote.catalog.InstanceStatus;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.catalog.InstanceTypeId;
import com.gpuquote.catalog.Interconnect;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.ServingPrice;
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
        String zh = LineDescriptions.describe(Optional.of(H800), null, null, I18n.CHINESE);
        assertThat(zh).isEqualTo("8 × H800-SXM5-80GB（每卡显存 80 GiB） · 128 vCPU · 内存 2,048 GiB · 本地 NVMe 7,000 GiB"
                + " · 网络 3,200 Gbps RDMA");
        assertThat(LineDescriptions.describe(Optional.of(H800), null, null, Locale.ENGLISH))
                .startsWith("8 × H800-SXM5-80GB (80 GiB each) · 128 vCPU · 2,048 GiB RAM");
    }

    @Test
    void aLineFromSizingAddsItsFitPlanAndEstimateButNoPrice() {
        String candidate = """
                {"perGpuTotalGiB":18.4,"vramPerGpuGiB":24,"vramUsedPct":76.7,"ramNeedGiB":23.0,"ramGiB":56,
                 "planDescription":"4 × H20 in one instance, tensor parallel 4","unitPrice":"4321.9876",
                 "performance":{"estimate":true,"trainingHours":149.74,"jobCost":"1497.41"}}""";
        String text = LineDescriptions.describe(Optional.empty(), new SizingRef(null, candidate), null, Locale.ENGLISH);
        assertThat(text).contains("Sized: VRAM need 18.4 GiB of 24 GiB per GPU (76.7 %), host RAM 23.0 of 56 GiB")
                .contains("Plan: 4 × H20 in one instance, tensor parallel 4")
                .contains("Estimate: ≈ 149.74 h of training").doesNotContain("job cost")
                .as("no line price: no amount, never the candidate's").doesNotContain("4321").doesNotContain("1497");
        String serving = """
                {"planDescription":"4 × H20 in one instance, tensor parallel 4","unitPrice":"4321.9876",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"maxConcurrentSequences":24,
                                "timeToFirstTokenMs":180,"costPerMillionOutputTokens":"0.8367"}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, serving), null, Locale.ENGLISH))
                .contains("Estimate: ≈ 1,903 output tokens/s at full load, first token ≈ 180 ms on an idle replica")
                .doesNotContain("per million").doesNotContain("4321").doesNotContain("0.84");
        String sizedForTraffic = """
                {"planDescription":"8 replicas of one A100 each",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                                "costPerMillionOutputTokens":"0.8367","inputTokens":1000,"outputTokens":500,
                                "replicasNeeded":12,"instancesNeeded":2}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, sizedForTraffic), null, Locale.ENGLISH))
                .contains("Sized for the stated traffic: 12 replicas on 2 instances; 1,000 input and 500 output tokens"
                        + " per request");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, serving), null, Locale.ENGLISH))
                .as("no traffic stated: no capacity claim").doesNotContain("stated traffic").doesNotContain("SLO");
        // the plan's assumptions on the line: the traffic, the latency objective and what a user gets at that load
        String sizedForSlo = """
                {"planDescription":"8 replicas of one A100 each",
                 "performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                                "costPerMillionOutputTokens":"0.8367","inputTokens":1000,"outputTokens":500,
                                "replicasNeeded":12,"instancesNeeded":2,"requestsPerSecond":40.0,"ttftSloMs":800.0,
                                "tpotSloMs":30.0,"concurrentUsers":530,"perUserTokensPerSecond":41.3,
                                "timeToFirstTokenAtLoadMs":212,"timePerOutputTokenMs":24.2,"meetsSlo":true}}""";
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, sizedForSlo), null, Locale.ENGLISH))
                .contains("Stated traffic: 40 requests per second")
                .contains("Latency objective (SLO): first token ≤ 800 ms, ≤ 30 ms per output token; sized to meet it")
                .contains("Estimate: at 530 concurrent users, ≈ 41 output tokens/s per user, first token ≈ 212 ms,"
                        + " ≈ 24.2 ms per output token");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null,
                sizedForSlo.replace("\"meetsSlo\":true", "\"meetsSlo\":false")), null, Locale.ENGLISH))
                .contains("this plan cannot meet it");
        assertThat(LineDescriptions.describe(Optional.empty(), new SizingRef(null, "{not json"), null, Locale.ENGLISH))
                .as("an unreadable candidate drops only the sizing part").isEmpty();
    }

    /**
     * Issue 39: the job cost and the price of a million output tokens are the line's own net price and billing mode
     * (the candidate's own figures, 1497.41 and 0.8367, were its hourly list prices), recomputed here by hand.
     */
    @Test
    void theEstimatesAreAtTheLinesOwnPrice() {
        String training = """
                {"instances":4,"planDescription":"4 instances, data parallel 4",
                 "performance":{"estimate":true,"trainingHours":149.74,"jobCost":"1497.41"}}""";
        // hourly 10.50 × 4 instances × 149.74 h = 6,289.08
        assertThat(describe(training, new ServingPrice(BillingMode.HOURLY, new BigDecimal("10.5000"), 4, 730)))
                .contains("Estimate: ≈ 149.74 h of training, ≈ ¥" + String.format(Locale.ROOT, "%.2f",
                        10.5 * 4 * 149.74) + " job cost at these prices").doesNotContain("1497.41");
        // monthly 7,000.00: 149.74 h begin one month of each of the 4 instances = 28,000.00
        assertThat(describe(training, new ServingPrice(BillingMode.MONTHLY, new BigDecimal("7000.0000"), 4, 730)))
                .contains("≈ ¥28000.00 job cost");
        // 800 hours begin two months: 56,000.00; the line's quantity does not change the plan's 4 instances
        assertThat(describe(training.replace("149.74", "800"),
                new ServingPrice(BillingMode.MONTHLY, new BigDecimal("7000.0000"), 8, 730)))
                .contains("≈ ¥56000.00 job cost");

        String serving = """
                {"instances":2,"performance":{"estimate":true,"outputTokensPerSecond":1903,"timeToFirstTokenMs":180,
                                "costPerMillionOutputTokens":"0.8367"}}""";
        // hourly 8.00 a instance for 951.5 tokens/s: 8 / (951.5 × 3600) × 10^6 = 2.34, whatever the hours a month
        assertThat(describe(serving, new ServingPrice(BillingMode.HOURLY, new BigDecimal("8.0000"), 2, 200)))
                .contains("≈ ¥" + perMillion(8, 1) + " per million output tokens at these prices")
                .contains("¥2.34");
        // yearly 46,000.00: a twelfth a month over 730 h of tokens; three instances put out 3 × 951.5 tokens/s
        assertThat(describe(serving, new ServingPrice(BillingMode.YEARLY, new BigDecimal("46000.0000"), 3, 730)))
                .contains("≈ ¥" + perMillion(46000.0 / 12, 730) + " per million");
        assertThat(describe(serving, new ServingPrice(BillingMode.MONTHLY, new BigDecimal("4000.0000"), 1, 730)))
                .contains("≈ ¥" + perMillion(4000, 730) + " per million");
        // a hand-over without the plan's instances is taken as sized for the line's quantity (1,903 tokens/s on 2)
        assertThat(describe(serving.replace("\"instances\":2,", ""),
                new ServingPrice(BillingMode.HOURLY, new BigDecimal("8.0000"), 2, 730))).contains("¥2.34");
    }

    private static String describe(String candidate, ServingPrice price) {
        return LineDescriptions.describe(Optional.empty(), new SizingRef(null, candidate), price, Locale.ENGLISH);
    }

    /** ¥ a month of one instance over the tokens it puts out (951.5 a second) in {@code hours}; hourly: hours 1. */
    private static String perMillion(double pricePerInstance, double hours) {
        return String.format(Locale.ROOT, "%.2f", pricePerInstance / (1903.0 / 2 * hours * 3600) * 1_000_000);
    }
}
