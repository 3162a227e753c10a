package com.gpuquote.sizing;

import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.RecommendationReport.PerformanceJson;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Good / better / best from a sizing run's candidates (issue 40; our policy, docs/sizing-model.md "Good / better /
 * best"). Pure: the same candidates always give the same choice.
 * <ol>
 *   <li>Qualifying: the candidates that meet the run's targets. Serving with an SLO ({@code ttftSloMs} or
 *   {@code tpotSloMs} on any estimate): {@code meetsSlo} true. Training: neither {@code meetsDeadline} nor
 *   {@code withinBudget} false. Otherwise every candidate (each one is a fit). A candidate without the figures its
 *   basis needs (a serving plan the model cannot estimate) does not qualify.</li>
 *   <li>GOOD: the lowest {@link #cost} (ties: the faster, then the run's order).</li>
 *   <li>BEST: the highest {@link #speed} among the others (ties: the cheaper, then the run's order).</li>
 *   <li>BETTER: among the rest, the lowest cost ÷ speed (the best price for the speed; ties: the cheaper, then the
 *   run's order).</li>
 * </ol>
 * A pick is a distinct quote line: a candidate whose instance type and quantity equal an earlier pick's is skipped.
 * Fewer than three distinct plans give two (GOOD, BEST) or one (GOOD).
 */
public final class GoodBetterBest {

    /** Which of the three an option is; the letters go A = GOOD, B = BETTER, C = BEST (A, B with two). */
    public enum Tier { GOOD, BETTER, BEST }

    /** What cost and speed are measured by, read from the run's estimates. */
    public enum Basis {
        /** Serving with traffic: the monthly price of the instances the traffic needs; 1,000 ÷ TPOT per user. */
        SERVING_TRAFFIC,
        /** Serving at full load: cost per million output tokens; the plan's output tokens per second. */
        SERVING,
        /** Training with a job estimate: the job's cost; 1 ÷ training hours. */
        TRAINING_JOB,
        /** No estimate: the plan's monthly price; its GPU count. */
        PRICE
    }

    /** One chosen candidate (as the run stored it) and its quote quantity. */
    public record Pick(Tier tier, Candidate candidate, int quantity) {
    }

    /** The picks in option order, how many candidates qualified, and the basis used. */
    public record Choice(List<Pick> picks, int qualifying, Basis basis, boolean targets) {

        /** True when three distinct plans were found. */
        public boolean complete() {
            return picks.size() == 3;
        }
    }

    /**
     * A saved run's choice with what priced its candidates: the region, billing mode and whole hours per month of the
     * run's input (null → 730), as "Add to quote" takes them from the request shown.
     */
    public record RunChoice(SizingRun run, String region, com.gpuquote.commercial.BillingMode billingMode,
                            @Nullable Integer hoursPerMonth, Choice choice) {
    }

    private GoodBetterBest() {
    }

    /**
     * Chooses from {@code candidates} (in the run's order); {@link NoPlanToQuoteException} when there are none or
     * none qualifies.
     */
    public static Choice choose(List<Candidate> candidates) {
        if (candidates.isEmpty()) {
            throw new NoPlanToQuoteException(NoPlanToQuoteException.Reason.NO_CANDIDATES);
        }
        Basis basis = basis(candidates);
        boolean targets = hasTargets(candidates);
        List<Indexed> qualifying = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            if (qualifies(c, basis, targets)) {
                qualifying.add(new Indexed(i, c, cost(c, basis), speed(c, basis)));
            }
        }
        if (qualifying.isEmpty()) {
            throw new NoPlanToQuoteException(NoPlanToQuoteException.Reason.NONE_MEET_TARGETS);
        }
        Comparator<Indexed> byCost = Comparator.comparing(Indexed::cost);
        Comparator<Indexed> bySpeed = Comparator.comparing(Indexed::speed).reversed();
        Comparator<Indexed> inOrder = Comparator.comparingInt(Indexed::index);
        Indexed good = qualifying.stream().min(byCost.thenComparing(bySpeed).thenComparing(inOrder)).orElseThrow();
        List<Indexed> picked = new ArrayList<>(List.of(good));
        Indexed best = distinct(qualifying, picked).stream().min(bySpeed.thenComparing(byCost).thenComparing(inOrder))
                .orElse(null);
        Indexed better = null;
        if (best != null) {
            picked.add(best);
            better = distinct(qualifying, picked).stream()
                    .min(Comparator.comparing(Indexed::ratio).thenComparing(byCost).thenComparing(inOrder))
                    .orElse(null);
        }
        List<Pick> picks = new ArrayList<>();
        picks.add(pick(Tier.GOOD, good));
        if (better != null) {
            picks.add(pick(Tier.BETTER, better));
        }
        if (best != null) {
            picks.add(pick(Tier.BEST, best));
        }
        return new Choice(List.copyOf(picks), qualifying.size(), basis, targets);
    }

    /**
     * The instances a quote sells for a candidate: those the stated traffic needs when the run had traffic (a plan
     * quoted at one instance that carries a third of the users would be sold short), else the plan's own. "Add to
     * quote" sells the same.
     */
    public static int quantity(Candidate c) {
        Integer needed = c.performance() == null ? null : c.performance().instancesNeeded();
        return needed != null && needed > 0 ? needed : c.instances();
    }

    static Basis basis(List<Candidate> candidates) {
        boolean serving = candidates.stream().anyMatch(c -> c.performance() != null && c.performance().serving());
        if (serving) {
            boolean traffic = candidates.stream().anyMatch(c -> c.performance() != null
                    && c.performance().monthlyPriceForTraffic() != null && c.performance().timePerOutputTokenMs() != null);
            return traffic ? Basis.SERVING_TRAFFIC : Basis.SERVING;
        }
        boolean job = candidates.stream().anyMatch(c -> c.performance() != null && c.performance().jobCost() != null
                && c.performance().trainingHours() != null);
        return job ? Basis.TRAINING_JOB : Basis.PRICE;
    }

    /** True when the run states a target: an SLO for serving, a deadline or budget for training. */
    static boolean hasTargets(List<Candidate> candidates) {
        return candidates.stream().map(Candidate::performance).filter(Objects::nonNull).anyMatch(p ->
                p.ttftSloMs() != null || p.tpotSloMs() != null || p.meetsDeadline() != null || p.withinBudget() != null);
    }

    static boolean qualifies(Candidate c, Basis basis, boolean targets) {
        PerformanceJson p = c.performance();
        if (cost(c, basis) == null || speed(c, basis) == null) {
            return false;
        }
        if (!targets) {
            return true;
        }
        if (p == null) {
            return false; // a target was asked and no estimate says this plan meets it
        }
        if (p.serving()) {
            return (p.ttftSloMs() == null && p.tpotSloMs() == null) || Boolean.TRUE.equals(p.meetsSlo());
        }
        return !Boolean.FALSE.equals(p.meetsDeadline()) && !Boolean.FALSE.equals(p.withinBudget());
    }

    /** Cost on the basis (lower is cheaper), or null when the candidate lacks the figure. */
    static @Nullable BigDecimal cost(Candidate c, Basis basis) {
        PerformanceJson p = c.performance();
        return switch (basis) {
            case SERVING_TRAFFIC -> p == null ? null : decimal(p.monthlyPriceForTraffic());
            case SERVING -> p == null ? null : decimal(p.costPerMillionOutputTokens());
            case TRAINING_JOB -> p == null ? null : decimal(p.jobCost());
            case PRICE -> decimal(c.monthlyPrice());
        };
    }

    /** Speed on the basis (higher is faster), or null when the candidate lacks the figure. */
    static @Nullable BigDecimal speed(Candidate c, Basis basis) {
        PerformanceJson p = c.performance();
        return switch (basis) {
            case SERVING_TRAFFIC -> p == null || p.timePerOutputTokenMs() == null
                    || p.timePerOutputTokenMs().signum() <= 0 ? null
                    : BigDecimal.valueOf(1000).divide(p.timePerOutputTokenMs(), MathContext.DECIMAL64);
            case SERVING -> p == null || p.outputTokensPerSecond() == null || p.outputTokensPerSecond().signum() <= 0
                    ? null : p.outputTokensPerSecond();
            case TRAINING_JOB -> p == null || p.trainingHours() == null || p.trainingHours().signum() <= 0 ? null
                    : BigDecimal.ONE.divide(p.trainingHours(), MathContext.DECIMAL64);
            case PRICE -> BigDecimal.valueOf(c.gpuCount());
        };
    }

    private static @Nullable BigDecimal decimal(@Nullable String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static List<Indexed> distinct(List<Indexed> all, List<Indexed> picked) {
        return all.stream().filter(c -> picked.stream().noneMatch(p -> sameLine(p.candidate(), c.candidate())))
                .toList();
    }

    private static boolean sameLine(Candidate a, Candidate b) {
        return a.instanceType().equals(b.instanceType()) && quantity(a) == quantity(b);
    }

    private static Pick pick(Tier tier, Indexed c) {
        return new Pick(tier, c.candidate(), quantity(c.candidate()));
    }

    private record Indexed(int index, Candidate candidate, BigDecimal cost, BigDecimal speed) {
        BigDecimal ratio() {
            return cost.divide(speed, MathContext.DECIMAL64);
        }
    }
}
