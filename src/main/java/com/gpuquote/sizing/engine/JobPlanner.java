package com.gpuquote.sizing.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Adds the training job's time and cost to ranked candidates and, for {@code rankBy} JOB_COST or TIME_TO_RESULT,
 * re-orders them (ties: monthly price, then fewer instances, then the recommender's order). Pure.
 */
public final class JobPlanner {

    private JobPlanner() {
    }

    /** The candidates in the goal's order, each with its estimate (absent when it cannot be computed). */
    public record Planned(List<RankedCandidate> candidates, Map<RankedCandidate, TrainingPerformance> performance) {
    }

    /**
     * @param catalog the priced catalog the candidates came from (for the GPUs' peak TFLOPS)
     * @param keep    how many candidates to return after ranking
     */
    public static Planned plan(SizingInput input, List<RankedCandidate> ranked, List<CandidateInstance> catalog,
                               JobGoal goal, int keep) {
        Map<RankedCandidate, TrainingPerformance> performance = new LinkedHashMap<>();
        List<FieldError> ignored = new ArrayList<>();
        Resolved r = SizingEngine.resolveInto(input, true, ignored);
        if (goal.trainingTokens() != null && r.workload != null && r.workload.isTraining() && r.model != null) {
            long active = r.model.activeParameters() > 0 ? r.model.activeParameters() : r.model.parameters();
            double k = PerformanceModel.flopsPerParameterToken(r.workload == Workload.LORA_FINE_TUNING, r.recompute);
            Precision computePrecision = r.trainingMode == TrainingMode.FP8 ? Precision.FP8
                    : r.precision == Precision.FP16 ? Precision.FP16 : Precision.BF16;
            for (RankedCandidate c : ranked) {
                CandidateInstance type = find(catalog, c);
                Double peak = type == null ? null : PerformanceModel.peakTflops(type, computePrecision);
                if (peak == null && computePrecision == Precision.BF16 && type != null) {
                    peak = type.fp16Tflops(); // BF16 asked, FP16 runs: the recommender already said so for this GPU
                }
                if (peak == null || peak <= 0 || active <= 0) {
                    continue;
                }
                var estimate = PerformanceModel.training(active, goal.trainingTokens(), k, c.gpuCount(), peak, goal.mfu());
                var cost = PerformanceModel.jobCost(c.billingMode(), c.unitPrice(), c.instances(), estimate.trainingHours());
                performance.put(c, new TrainingPerformance(estimate.trainingHours(), estimate.gpuHours(), cost,
                        goal.deadlineHours() == null ? null : estimate.trainingHours() <= goal.deadlineHours(),
                        goal.budget() == null ? null : cost.compareTo(goal.budget()) <= 0));
            }
        }
        List<RankedCandidate> ordered = new ArrayList<>(ranked);
        if (goal.ranksByJob() && !performance.isEmpty()) {
            Comparator<RankedCandidate> byGoal = goal.rankBy() == RankBy.JOB_COST
                    ? Comparator.comparing(c -> performance.get(c).jobCost())
                    : Comparator.comparingDouble(c -> performance.get(c).trainingHours());
            Comparator<RankedCandidate> known = Comparator.comparing(c -> !performance.containsKey(c));
            ordered.sort(known.thenComparing((a, b) -> performance.containsKey(a) && performance.containsKey(b)
                            ? byGoal.compare(a, b) : 0)
                    .thenComparing(RankedCandidate::monthlyPrice)
                    .thenComparingInt(RankedCandidate::instances));
        }
        List<RankedCandidate> kept = ordered.subList(0, Math.min(keep, ordered.size()));
        Map<RankedCandidate, TrainingPerformance> keptPerformance = new LinkedHashMap<>();
        kept.forEach(c -> {
            if (performance.containsKey(c)) {
                keptPerformance.put(c, performance.get(c));
            }
        });
        return new Planned(List.copyOf(kept), keptPerformance);
    }

    /** The priced catalog row a ranked candidate came from (same type and billing mode), or null. */
    static @Nullable CandidateInstance find(List<CandidateInstance> catalog, RankedCandidate c) {
        for (CandidateInstance i : catalog) {
            if (i.code().equals(c.instanceType()) && i.billingMode() == c.billingMode()) {
                return i;
            }
        }
        return null;
    }
}
