package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The training time and cost rules, with figures computed by hand. */
class PerformanceModelTest {

    @Test
    void sixFlopsPerParameterAndTokenOverTheGpusEffectiveThroughput() {
        // 7e9 params × 1e12 tokens × 6 = 4.2e22 FLOPs; 8 GPUs × 312e12 × 0.4 = 9.984e14 FLOP/s → 42,067,307.7 s
        var e = PerformanceModel.training(7_000_000_000L, 1e12, 6, 8, 312, 0.40);
        assertThat(e.trainingHours()).isCloseTo(42_067_307.7 / 3600, within(0.1));
        assertThat(e.gpuHours()).isCloseTo(8 * 42_067_307.7 / 3600, within(1.0));
    }

    @Test
    void recomputeAndLoraChangeTheFlopsPerParameterAndToken() {
        assertThat(PerformanceModel.flopsPerParameterToken(false, ActivationRecompute.NONE)).isEqualTo(6);
        assertThat(PerformanceModel.flopsPerParameterToken(false, ActivationRecompute.SELECTIVE)).isEqualTo(6);
        assertThat(PerformanceModel.flopsPerParameterToken(false, ActivationRecompute.FULL)).isEqualTo(8);
        assertThat(PerformanceModel.flopsPerParameterToken(true, ActivationRecompute.NONE)).isEqualTo(4);
        assertThat(PerformanceModel.flopsPerParameterToken(true, ActivationRecompute.FULL)).isEqualTo(6);
    }

    @Test
    void hourlyJobsPayTheHoursMonthlyAndYearlyPayEveryPeriodBegun() {
        // 2 instances × 100.00/h × 10.5 h = 2,100.00
        assertThat(PerformanceModel.jobCost(BillingMode.HOURLY, new BigDecimal("100.00"), 2, 10.5))
                .isEqualByComparingTo("2100.00");
        // 731 h is two months begun: 2 × 3 instances × 50,000.00
        assertThat(PerformanceModel.jobCost(BillingMode.MONTHLY, new BigDecimal("50000.00"), 3, 731))
                .isEqualByComparingTo("300000.00");
        assertThat(PerformanceModel.jobCost(BillingMode.MONTHLY, new BigDecimal("50000.00"), 1, 730))
                .isEqualByComparingTo("50000.00");
        // any job shorter than a year pays one year
        assertThat(PerformanceModel.jobCost(BillingMode.YEARLY, new BigDecimal("500000.00"), 1, 1))
                .isEqualByComparingTo("500000.00");
    }

    @Test
    void theGpuDecidesThePeakForThePrecision() {
        CandidateInstance h100 = new CandidateInstance("x", "H100-SXM5-80GB", 8, 80, 128, 1024, BillingMode.HOURLY,
                BigDecimal.ONE, "CNY", null, 989.0, 989.0, 1979.0, 1979.0, 3350, "NVSWITCH", 900, 400, true);
        CandidateInstance v100 = new CandidateInstance("y", "V100-SXM2-32GB", 8, 32, 64, 512, BillingMode.HOURLY,
                BigDecimal.ONE, "CNY", null, 125.0, null, null, null, 900, "NVLINK", 300, 25, false);
        assertThat(PerformanceModel.peakTflops(h100, Precision.BF16)).isEqualTo(989.0);
        assertThat(PerformanceModel.peakTflops(h100, Precision.FP8)).isEqualTo(1979.0);
        assertThat(PerformanceModel.peakTflops(v100, Precision.BF16)).as("V100 has no BF16").isNull();
        assertThat(PerformanceModel.peakTflops(v100, Precision.FP16)).isEqualTo(125.0);
        assertThat(PerformanceModel.peakTflops(v100, Precision.FP32)).isNull();
    }
}
