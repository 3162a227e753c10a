package com.gpuquote.sizing;

import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.RecommendationReport.PerformanceJson;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The good / better / best rule (docs/sizing-model.md) on hand-made candidates, each expectation worked out in the
 * comment next to it.
 */
class GoodBetterBestTest {

    @Test
    void withTrafficTheCheapestForTheTrafficTheFastestPerUserAndTheBestPriceTimesTpot() {
        // price for the traffic / TPOT ms:  a 1000/40 → price×tpot 40000, b 1500/20 → 30000, c 3000/10 → 30000,
        // d 1200/50 → 60000 (misses the SLO), e 2000/30 → 60000
        List<Candidate> c = List.of(serving("a", 1000, 40, true, 4), serving("b", 1500, 20, true, 2),
                serving("c", 3000, 10, true, 1), serving("d", 900, 50, false, 3), serving("e", 2000, 30, true, 2));
        GoodBetterBest.Choice choice = GoodBetterBest.choose(c);
        assertThat(choice.basis()).isEqualTo(GoodBetterBest.Basis.SERVING_TRAFFIC);
        assertThat(choice.qualifying()).isEqualTo(4);
        // d is cheapest but misses the SLO; a is the cheapest within it; c the fastest; of b and e, b (30000 < 60000)
        assertThat(choice.picks()).extracting(p -> p.tier() + ":" + p.candidate().instanceType() + "×" + p.quantity())
                .containsExactly("GOOD:a×4", "BETTER:b×2", "BEST:c×1");
        assertThat(choice.complete()).isTrue();
    }

    @Test
    void theSameLineTwiceIsOnePlanAndTwoPlansGiveGoodAndBest() {
        // a and a' are the same line (type a, 4 instances) with different plans: two distinct plans, a and b
        List<Candidate> c = List.of(serving("a", 1000, 40, true, 4), serving("a", 1100, 35, true, 4),
                serving("b", 1500, 20, true, 2));
        GoodBetterBest.Choice choice = GoodBetterBest.choose(c);
        assertThat(choice.picks()).extracting(p -> p.tier() + ":" + p.candidate().instanceType())
                .containsExactly("GOOD:a", "BEST:b");
        assertThat(choice.complete()).isFalse();
        assertThat(GoodBetterBest.choose(List.of(serving("a", 1000, 40, true, 4))).picks())
                .extracting(GoodBetterBest.Pick::tier).containsExactly(GoodBetterBest.Tier.GOOD);
    }

    @Test
    void noneWithinTheSloOrNoCandidatesIsRefused() {
        assertThatThrownBy(() -> GoodBetterBest.choose(List.of(serving("a", 1000, 40, false, 4))))
                .isInstanceOfSatisfying(NoPlanToQuoteException.class, e ->
                        assertThat(e.reason()).isEqualTo(NoPlanToQuoteException.Reason.NONE_MEET_TARGETS));
        assertThatThrownBy(() -> GoodBetterBest.choose(List.of()))
                .isInstanceOfSatisfying(NoPlanToQuoteException.class, e ->
                        assertThat(e.reason()).isEqualTo(NoPlanToQuoteException.Reason.NO_CANDIDATES));
    }

    @Test
    void trainingUsesJobCostAndHoursAndLeavesOutAMissedDeadline() {
        // job cost / hours: a 500/10 (misses the deadline), b 800/8 → 6400, c 2000/2 → 4000, d 900/6 → 5400
        List<Candidate> c = List.of(training("a", "500.00", "10", false), training("b", "800.00", "8", true),
                training("c", "2000.00", "2", true), training("d", "900.00", "6", true));
        GoodBetterBest.Choice choice = GoodBetterBest.choose(c);
        assertThat(choice.basis()).isEqualTo(GoodBetterBest.Basis.TRAINING_JOB);
        // b cheapest within the deadline, c fastest, d the only one left
        assertThat(choice.picks()).extracting(p -> p.tier() + ":" + p.candidate().instanceType())
                .containsExactly("GOOD:b", "BETTER:d", "BEST:c");
    }

    @Test
    void withoutEstimatesMonthlyPriceAndGpuCount() {
        List<Candidate> c = List.of(plain("a", "100.00", 1), plain("b", "300.00", 4), plain("c", "180.00", 2),
                plain("d", "250.00", 2));
        // price ÷ GPUs: c 90, d 125 → c
        assertThat(GoodBetterBest.choose(c).picks()).extracting(p -> p.tier() + ":" + p.candidate().instanceType())
                .containsExactly("GOOD:a", "BETTER:c", "BEST:b");
    }

    private static Candidate serving(String type, int priceForTraffic, double tpot, boolean meetsSlo, int needed) {
        PerformanceJson p = new PerformanceJson(true, null, null, null, null, null, BigDecimal.valueOf(1000), 8,
                BigDecimal.valueOf(200), "1.0000", 1024, 256, needed, needed, priceForTraffic + ".00", meetsSlo,
                10, 4, BigDecimal.valueOf(500), BigDecimal.valueOf(1000 / tpot), BigDecimal.valueOf(300),
                BigDecimal.valueOf(tpot), BigDecimal.valueOf(200), meetsSlo, 2.0, 3000.0, 50.0);
        return candidate(type, "100.00", 1, p);
    }

    private static Candidate training(String type, String jobCost, String hours, boolean meetsDeadline) {
        PerformanceJson p = new PerformanceJson(true, new BigDecimal(hours), BigDecimal.TEN, jobCost, meetsDeadline,
                null, null, null, null, null, null, null, null, null, null, null);
        return candidate(type, "100.00", 8, p);
    }

    private static Candidate plain(String type, String monthly, int gpus) {
        return candidate(type, monthly, gpus, null);
    }

    private static Candidate candidate(String type, String monthly, int gpus, PerformanceJson p) {
        return new Candidate(type, "GPU", 1, gpus, gpus, BigDecimal.TEN, BigDecimal.ONE, BigDecimal.TEN,
                BigDecimal.TEN, BigDecimal.ONE, BigDecimal.ONE, "WITHIN", "HOURLY", "1.0000", monthly, "CNY", List.of(),
                "1.0000", "1.0000", monthly, monthly, null, null, null, p);
    }
}
