package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.GoodBetterBest;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingHandoverCodec;
import com.gpuquote.sizing.SizingRunId;
import org.jspecify.annotations.Nullable;

/**
 * The quote line a sizing candidate becomes ("Add to quote" on one candidate, and each option of a good / better /
 * best quote, issue 40): the candidate's instance type × the instances the quote sells
 * ({@link GoodBetterBest#quantity}: those the stated traffic and SLO need, else the plan's), in the region and
 * billing mode it was priced in, {@link #DEFAULT_TERM_MONTHS} months, keeping the candidate as the sizing hand-over.
 */
public final class SizedLines {

    public static final int DEFAULT_TERM_MONTHS = 12;

    private SizedLines() {
    }

    /** The line without its sizing reference (added once the run it refers to is saved). */
    public static QuoteInput.Line line(Candidate c, String region, BillingMode mode, @Nullable Integer hoursPerMonth) {
        return new QuoteInput.Line(null, c.instanceType(), region, mode, GoodBetterBest.quantity(c),
                DEFAULT_TERM_MONTHS, hoursPerMonth, null, null);
    }

    /** The line referring to the saved run {@code run}, keeping the candidate (the plan's assumptions). */
    public static QuoteInput.Line line(Candidate c, String region, BillingMode mode, @Nullable Integer hoursPerMonth,
                                       SizingRunId run) {
        return line(c, region, mode, hoursPerMonth).withSizing(new SizingRef(run, SizingHandoverCodec.toJson(c)));
    }
}
