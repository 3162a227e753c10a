package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Response of the recommender. {@code sizing} is the sizing of the first candidate's configuration (or of the
 * requested/1-GPU configuration when nothing fits). {@code excluded}: how many priced candidates were left out, by
 * reason (only reasons that occurred, in {@link ExclusionReason} order).
 */
public record Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions,
                             List<Excluded> excluded, java.util.Map<RankedCandidate, TrainingPerformance> performance,
                             java.util.Map<RankedCandidate, ServingPerformance> serving) {

    public Recommendation {
        excluded = excluded == null ? List.of() : List.copyOf(excluded);
        performance = performance == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(performance));
        serving = serving == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(serving));
    }

    public Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions,
                          List<Excluded> excluded, java.util.Map<RankedCandidate, TrainingPerformance> performance) {
        this(sizing, candidates, suggestions, excluded, performance, null);
    }

    /** The serving estimate of a candidate (INFERENCE on a GPU whose facts are known), else null. */
    public ServingPerformance servingOf(RankedCandidate candidate) {
        return serving.get(candidate);
    }

    public Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions,
                          List<Excluded> excluded) {
        this(sizing, candidates, suggestions, excluded, null);
    }

    /** The training job estimate of a candidate, if the request gave training tokens and the GPU's peak is known. */
    public TrainingPerformance performanceOf(RankedCandidate candidate) {
        return performance.get(candidate);
    }

    public Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions) {
        this(sizing, candidates, suggestions, List.of());
    }
}
