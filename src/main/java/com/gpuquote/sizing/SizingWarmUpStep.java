package com.gpuquote.sizing;

/**
 * A feature's part of the start-up sizing warm-up (issue 12, ADR 1202): after the engine's warm-up, each step runs once
 * in the warm-up's background thread with the report of the sizing view's default recommendation (made-up prices,
 * never shown to anyone), as a built-in consultant of no tenant and outside any transaction. The sizing view
 * contributes one (it builds its components once, so the first consultant's sizing page does not run that code for the
 * first time on the request).
 */
public interface SizingWarmUpStep {

    /** Runs the step; answers a short description of what it did, for the log. */
    String warmUp(RecommendationReport report);
}
