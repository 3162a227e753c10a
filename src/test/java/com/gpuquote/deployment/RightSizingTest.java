package com.gpuquote.deployment;

import com.gpuquote.CalendarTest;
import com.gpuquote.IntegrationTest;
import com.gpuquote.TestTenants;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFixtures;
import com.gpuquote.shared.time.BusinessCalendar;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Analysis and verdicts against the real database, with figures and prices computed by hand below. Samples are
 * dated within the last hour of the application clock, so the tests pass at any time.
 * <pre>
 * prices (list, CNY):  ecs.gni2.3xlarge  1×A10 24 GiB, 56 GiB RAM   MONTHLY 5000, HOURLY 10, SPOT 4
 *                      ecs.gni2.7xlarge  2×A10,      112 GiB RAM    MONTHLY 9000
 *                      ecs.gni3cl.5xlarge 1×L20 48 GiB, 96 GiB RAM  MONTHLY 8000
 *                      ecs.g1tl.4xlarge  1×T4 16 GiB, 64 GiB RAM    MONTHLY 1500
 *                      ecs.pni3ln.5xlarge 1×H20 96 GiB, 240 GiB RAM MONTHLY 20000
 * </pre>
 * The tenant's sizing policy is the default: 90 % of VRAM usable, GENERAL_COMPUTE band RAM:VRAM 1:2 to 1:4.
 */
@CalendarTest
public class RightSizingTest extends IntegrationTest {

    public static final String A10 = "ecs.gni2.3xlarge";
    public static final String L20 = "ecs.gni3cl.5xlarge";
    static final String T4 = "ecs.g1tl.4xlarge";

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    DeploymentService deployments;
    @Autowired
    RightSizingService rightSizing;
    @Autowired
    ThresholdService thresholds;
    @Autowired
    AgreementService agreements;
    @Autowired
    Clock clock;

    TestTenants.TestTenant tenant() {
        TestTenants.TestTenant t = fixtures.portal().tenantWithPrices(); // replaced by the list below
        quoteFixtures.publish(t, List.of(
                QuoteFixtures.row(A10, "MONTHLY", "5000.0000", "3000.0000"),
                QuoteFixtures.row(A10, "HOURLY", "10.0000", "6.0000"),
                QuoteFixtures.row(A10, "SPOT", "4.0000", "3.0000"),
                QuoteFixtures.row("ecs.gni2.7xlarge", "MONTHLY", "9000.0000", "6000.0000"),
                QuoteFixtures.row(L20, "MONTHLY", "8000.0000", "5000.0000"),
                QuoteFixtures.row(T4, "MONTHLY", "1500.0000", "1000.0000"),
                QuoteFixtures.row("ecs.pni3ln.5xlarge", "MONTHLY", "20000.0000", "15000.0000")));
        return t;
    }

    /** n nvidia-smi samples of GPU 0, 10 s apart, ending a minute ago; {@code row(i)} gives "used, total, util". */
    String gpuCsv(int n, IntFunction<String> row) {
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60 + 10L * n);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(start.plusSeconds(10L * i)).append(", 0, NVIDIA GPU, ").append(row.apply(i)).append('\n');
        }
        return b.toString();
    }

    String hostCsv(int n, long totalKib, long availableKib) {
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60 + 10L * n);
        StringBuilder b = new StringBuilder("timestamp,mem_total_kib,mem_available_kib\n");
        for (int i = 0; i < n; i++) {
            b.append(start.plusSeconds(10L * i).getEpochSecond()).append(',').append(totalKib).append(',')
                    .append(availableKib).append('\n');
        }
        return b.toString();
    }

    /**
     * Imports synthetic samples with the hardware confirmed: their round memory totals (10,000 MiB and the like, for
     * percentages read off by hand) and generic GPU names are not the deployment's hardware, which is not what these
     * tests are about (the check has its own, DeploymentHardwareApiTest).
     */
    void load(DeploymentFixtures.Setup s, String content) {
        fixtures.as().run(s.tenant().consultantEmail(), () -> deployments.importUtilization(s.deployment().id(),
                UtilizationUpload.of(content.getBytes(StandardCharsets.UTF_8)), null, null, true));
    }

    DeploymentAnalysis analyse(DeploymentFixtures.Setup s) {
        return fixtures.as().call(s.tenant().consultantEmail(), () -> rightSizing.analyse(s.deployment().id(), 7));
    }

    List<VerdictCode> codes(DeploymentFixtures.Setup s) {
        return analyse(s).verdicts().stream().map(Verdict::code).distinct().toList();
    }

    @Test
    void percentilesInterpolateBetweenRanks() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 1);
        // used 1000, 2000 … 20000 of 20000 MiB: 5 %, 10 % … 100 %; utilisation 1 … 20 %
        load(s, gpuCsv(20, i -> (1000 * (i + 1)) + ", 20000, " + (i + 1)));
        DeploymentAnalysis a = analyse(s);
        // p50: rank 0.5 × 19 = 9.5 → 50 + 0.5 × (55 − 50) = 52.5; p95: rank 18.05 → 95 + 0.05 × 5 = 95.25
        assertThat(a.gpu().samples()).isEqualTo(20);
        assertThat(a.gpu().vramUsedPctP50()).isCloseTo(52.5, within(1e-9));
        assertThat(a.gpu().vramUsedPctP95()).isCloseTo(95.25, within(1e-9));
        assertThat(a.gpu().vramUsedPctMax()).isCloseTo(100.0, within(1e-9));
        // utilisation 1 … 20: p95 at rank 18.05 → 19 + 0.05 × 1 = 19.05
        assertThat(a.gpu().utilizationPctP95()).isCloseTo(19.05, within(1e-4));
        assertThat(a.gpu().smActivePctP95()).isNull();
        assertThat(a.activityMetric()).isEqualTo(RightSizingService.GPU_UTIL);
        assertThat(a.gpu().vramUsedGiBMax()).isCloseTo(20000 / 1024.0, within(1e-9));
        assertThat(a.perGpu()).hasSize(1);
        assertThat(a.window().to()).isBeforeOrEqualTo(clock.instant());
    }

    @Test
    void vramShortAtItsThresholdAndTheTenantsOwnThreshold() {
        TestTenants.TestTenant t = tenant();
        DeploymentFixtures.Setup exactly = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(exactly, gpuCsv(10, i -> "9000, 10000, 50")); // 90.0 %: not above 90
        assertThat(codes(exactly)).containsExactly(VerdictCode.OK);

        DeploymentFixtures.Setup above = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(above, gpuCsv(10, i -> "9001, 10000, 50")); // 90.01 %
        assertThat(codes(above)).containsExactly(VerdictCode.VRAM_SHORT);

        fixtures.as().run(t.adminEmail(), () -> thresholds.update(new Thresholds(new BigDecimal("95"),
                new BigDecimal("90"), new BigDecimal("40"), new BigDecimal("5"), false)));
        assertThat(codes(above)).containsExactly(VerdictCode.OK);
    }

    @Test
    void ramShortOversizedAndUnderusedAtTheirThresholds() {
        TestTenants.TestTenant t = tenant();
        DeploymentFixtures.Setup ram90 = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(ram90, gpuCsv(10, i -> "5000, 10000, 50"));
        load(ram90, hostCsv(10, 1_000_000, 100_000)); // 90.0 % used
        assertThat(codes(ram90)).containsExactly(VerdictCode.OK);
        DeploymentFixtures.Setup ramAbove = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(ramAbove, gpuCsv(10, i -> "5000, 10000, 50"));
        load(ramAbove, hostCsv(10, 1_000_000, 99_900)); // 90.01 %
        assertThat(codes(ramAbove)).containsExactly(VerdictCode.RAM_SHORT);

        DeploymentFixtures.Setup at40 = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(at40, gpuCsv(10, i -> "4000, 10000, 50"));
        load(at40, hostCsv(10, 1_000_000, 600_000)); // VRAM and RAM exactly 40 %
        assertThat(codes(at40)).containsExactly(VerdictCode.OK);
        DeploymentFixtures.Setup below40 = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(below40, gpuCsv(10, i -> "3999, 10000, 50"));
        load(below40, hostCsv(10, 1_000_000, 600_100));
        assertThat(codes(below40)).containsExactly(VerdictCode.OVERSIZED);

        DeploymentFixtures.Setup util5 = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(util5, gpuCsv(10, i -> "5000, 10000, 5"));
        assertThat(codes(util5)).containsExactly(VerdictCode.OK);
        DeploymentFixtures.Setup util4 = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        load(util4, gpuCsv(10, i -> "5000, 10000, 4.9"));
        assertThat(codes(util4)).containsExactly(VerdictCode.UNDERUSED);
    }

    @Test
    void vramShortProposesTheCheapestTypeWithMoreVram() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 1);
        load(s, gpuCsv(10, i -> "22000, 23028, 90"));
        DeploymentAnalysis a = analyse(s);
        // need 22000 MiB / 1024 × 1.25 = 26.9 GiB per GPU; usable 90 %: A10 21.6, L20 43.2, H20 86.4 → L20 at 8000
        Verdict v = a.verdicts().get(0);
        assertThat(v.code()).isEqualTo(VerdictCode.VRAM_SHORT);
        assertThat(v.kind()).isEqualTo("UPGRADE");
        assertThat(v.instanceType()).isEqualTo(L20);
        assertThat(v.instances()).isEqualTo(1);
        assertThat(v.monthlyPrice()).isEqualByComparingTo("8000.00");
        assertThat(v.monthlySaving()).isEqualByComparingTo("-3000.00");
        assertThat(a.currentMonthlyPrice()).isEqualByComparingTo("5000.00");
        assertThat(v.message(com.gpuquote.shared.I18n.ENGLISH)).contains("1 × " + L20).contains("26.9 GiB")
                .contains("8,000.00 CNY").contains("+3,000.00");
    }

    @Test
    void ramShortProposesMoreRamAndTheEnginesDistributedPreprocessing() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 1);
        load(s, gpuCsv(10, i -> "12000, 23028, 80"));
        load(s, hostCsv(10, 56L * 1024 * 1024, 2L * 1024 * 1024)); // 54 of 56 GiB used: 96.4 %
        DeploymentAnalysis a = analyse(s);
        assertThat(a.host().ramUsedPctP95()).isCloseTo(100.0 * 54 / 56, within(1e-9));
        // need 54 × 1.25 = 67.5 GiB per node and 12000/1024 × 1.25 = 14.6 GiB per GPU (T4's 14.4 usable is short):
        // more RAM than 56 GiB: L20 (96 GiB) 8000 < 2×A10 (112 GiB) 9000 < H20 20000
        Verdict larger = a.verdicts().get(0);
        assertThat(larger.code()).isEqualTo(VerdictCode.RAM_SHORT);
        assertThat(larger.kind()).isEqualTo("LARGER_RAM");
        assertThat(larger.instanceType()).isEqualTo(L20);
        assertThat(larger.monthlySaving()).isEqualByComparingTo("-3000.00");
        // the engine: A10 fits the GPU need but not the RAM; with at most 56 − 8 = 48 GiB of the 59.5 GiB working
        // set per node (OS reserve 8 GiB) it stays on the A10 at 5000
        Verdict distributed = a.verdicts().get(1);
        assertThat(distributed.kind()).isEqualTo("DISTRIBUTED");
        assertThat(distributed.instanceType()).isEqualTo(A10);
        assertThat(distributed.monthlySaving()).isEqualByComparingTo("0.00");
        assertThat(distributed.args().subList(0, 2)).containsExactly(new BigDecimal("48.0"), new BigDecimal("59.5"));
        // observed RAM:VRAM (p95 each): 54 GiB / 11.7 GiB = 4.6, above the TRAINING band
        assertThat(a.ratio().ramToVram()).isCloseTo(54 / (12000 / 1024.0), within(1e-9));
        assertThat(a.ratio().status()).isEqualTo("ABOVE");
    }

    @Test
    void oversizedProposesTheCheapestSmallerFitWithItsMonthlySaving() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), L20, BillingMode.MONTHLY, 1);
        load(s, gpuCsv(10, i -> "8000, 49140, 60"));
        load(s, hostCsv(10, 96L * 1024 * 1024, 76L * 1024 * 1024)); // 20 of 96 GiB
        DeploymentAnalysis a = analyse(s);
        // need 8000/1024 × 1.25 = 9.8 GiB per GPU, 20 × 1.25 = 25 GiB per node: the T4 (14.4 usable, 64 GiB) fits
        // for 1500 instead of 8000: 6500 a month saved
        Verdict v = a.verdicts().get(0);
        assertThat(v.code()).isEqualTo(VerdictCode.OVERSIZED);
        assertThat(v.instanceType()).isEqualTo(T4);
        assertThat(v.monthlyPrice()).isEqualByComparingTo("1500.00");
        assertThat(v.monthlySaving()).isEqualByComparingTo("6500.00");
    }

    @Test
    void underusedProposesPayAsYouGoAndSpotForTheBusyHoursWithTheirSaving() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 1);
        // 100 samples: 98 at 1 %, 2 at 50 %: p95 (rank 94.05) = 1 %; busy 2 % of the time
        load(s, gpuCsv(100, i -> "11514, 23028, " + (i < 98 ? 1 : 50)));
        DeploymentAnalysis a = analyse(s);
        assertThat(a.gpu().utilizationPctP95()).isCloseTo(1.0, within(1e-9));
        // busy hours: ceil(0.02 × 730) = 15; HOURLY 10 × 15 = 150.00 (saves 4850.00), SPOT 4 × 15 = 60.00 (4940.00)
        assertThat(a.verdicts()).extracting(Verdict::kind).containsExactly("PAY_AS_YOU_GO", "SPOT");
        Verdict payg = a.verdicts().get(0);
        assertThat(payg.hoursPerMonth()).isEqualTo(15);
        assertThat(payg.billingMode()).isEqualTo(BillingMode.HOURLY);
        assertThat(payg.monthlyPrice()).isEqualByComparingTo("150.00");
        assertThat(payg.monthlySaving()).isEqualByComparingTo("4850.00");
        assertThat(payg.metric()).isEqualTo(RightSizingService.GPU_UTIL);
        assertThat(a.verdicts().get(1).monthlySaving()).isEqualByComparingTo("4940.00");
    }

    @Test
    void smActivityIsPreferredOverGpuUtilisationAndNamed() {
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 1);
        Instant at = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(120);
        // nvidia-smi says 60 % (a kernel was running), DCGM says the SMs were 3 % active
        load(s, "DCGM_FI_DEV_FB_USED{gpu=\"0\"} 11514 " + at.toEpochMilli() + "\n"
                + "DCGM_FI_DEV_FB_FREE{gpu=\"0\"} 11514 " + at.toEpochMilli() + "\n"
                + "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\"} 60 " + at.toEpochMilli() + "\n"
                + "DCGM_FI_PROF_SM_ACTIVE{gpu=\"0\"} 0.03 " + at.toEpochMilli() + "\n");
        DeploymentAnalysis a = analyse(s);
        assertThat(a.activityMetric()).isEqualTo(RightSizingService.SM_ACTIVE);
        assertThat(a.verdicts().get(0).code()).isEqualTo(VerdictCode.UNDERUSED);
        assertThat(a.verdicts().get(0).metric()).isEqualTo(RightSizingService.SM_ACTIVE);
        assertThat(a.verdicts().get(0).message(com.gpuquote.shared.I18n.ENGLISH)).startsWith("Underused: SM activity (DCGM) p95 3");
    }

    @Test
    void pricesAreTheCustomersNegotiatedOnes() {
        TestTenants.TestTenant t = tenant();
        DeploymentFixtures.Setup s = fixtures.deployment(t, A10, BillingMode.MONTHLY, 1);
        fixtures.as().run(t.adminEmail(), () -> agreements.create(s.customer().id(), new AgreementDraft("框架协议",
                BusinessCalendar.today(clock).minusDays(1), BusinessCalendar.today(clock).plusDays(300),
                List.of(AgreementRule.PercentOff.all(new BigDecimal("10"))), null)));
        load(s, gpuCsv(10, i -> "22000, 23028, 90"));
        DeploymentAnalysis a = analyse(s);
        // 10 % off: today 4500, the L20 7200, so 2700 more a month
        assertThat(a.currentMonthlyPrice()).isEqualByComparingTo("4500.00");
        assertThat(a.verdicts().get(0).monthlyPrice()).isEqualByComparingTo("7200.00");
        assertThat(a.verdicts().get(0).monthlySaving()).isEqualByComparingTo("-2700.00");
    }

    @Test
    void noSamplesInTheWindowMeansNoVerdict() {
        // two single-A10 instances: the file's two A10s match their hardware
        DeploymentFixtures.Setup s = fixtures.deployment(tenant(), A10, BillingMode.MONTHLY, 2);
        load(s, new String(UtilizationParserTest.file("nvidia-smi-a10x2.csv"), StandardCharsets.UTF_8)); // 2026-11-20
        DeploymentAnalysis a = fixtures.as().call(s.tenant().consultantEmail(), () -> rightSizing.analyse(
                s.deployment().id(), new AnalysisWindow(Instant.parse("2030-01-01T00:00:00Z"),
                        Instant.parse("2030-01-02T00:00:00Z"))));
        assertThat(a.hasData()).isFalse();
        assertThat(a.verdicts()).isEmpty();
    }
}
