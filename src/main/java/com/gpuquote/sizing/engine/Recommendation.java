package com.gpuquote.sizing.engine;

import java.util.List;

/**
 * Response of the recommender. {@code sizing} is the sizing of the first candidate's configuration (or of the
 * requested/1-GPU configuration when nothing fits).
 */
public record Recommendation(SizingResult sizing, List<RankedCandidate> candidates, List<Suggestion> suggestions) {
}
