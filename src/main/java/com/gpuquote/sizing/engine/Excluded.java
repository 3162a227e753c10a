package com.gpuquote.sizing.engine;

/** How many priced candidates were left out for one {@code reason}. */
public record Excluded(ExclusionReason reason, int count) {
}
