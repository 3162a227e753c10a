package com.gpuquote.quote;

/** Two versions of one quote and what changed between them ({@link QuoteQueries#compareVersions}). */
public record QuoteComparison(QuoteDetails from, QuoteDetails to, QuoteVersionDiff diff) {
}
