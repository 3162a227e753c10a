package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Response of the recommender. {@code sizing} is the sizing of the first candidate's configuration (or of the
 * requested/1-GPU configuration when nothing fits). {@code excluded}: how many priced candidates were left out, by
 * reason (only reasons that occurred, in {@link ExclusionReason} order).
 */
public record Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions,
                             List<Excluded> excluded) {

    public Recommendation {
        excluded = excluded == null ? List.of() : List.copyOf(excluded);
    }

    public Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions) {
        this(sizing, candidates, suggestions, List.of());
    }
}
