package com.gpuquote.sizing;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.ServingTraffic;
import com.gpuquote.sizing.engine.SizingInput;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * A recommendation request: the sizing input (a null {@code gpuCount} searches 1, 2, 4 … 64 GPUs), the region and
 * billing mode to price in, hours billed per month for HOURLY/SPOT (null → 730), how many candidates (null → 10),
 * optionally the customer the prices are for (must belong to the tenant) and the contract term in months the
 * customer's TERM tiers are matched against (null → 12 for YEARLY, else 1). For training, {@code trainingTokens}
 * (null: no job estimate), {@code rankBy} (null → MONTHLY_PRICE), {@code deadlineHours} and {@code budget} (CNY) mark
 * candidates that miss them. For serving, {@code traffic} (null: estimates at full load for a request that fills the
 * sized context, a quarter generated) and {@code rankBy} COST_PER_MILLION_TOKENS.
 */
public record RecommendationRequest(SizingInput input, String region, BillingMode billingMode,
                                    @Nullable BigDecimal hoursPerMonth, @Nullable Integer maxCandidates, @Nullable CustomerId customerId,
                                    @Nullable Integer termMonths, @Nullable Double trainingTokens, @Nullable RankBy rankBy, @Nullable Double deadlineHours,
                                    @Nullable BigDecimal budget, @Nullable ServingTraffic traffic) {

    public RecommendationRequest(SizingInput input, String region, BillingMode billingMode, @Nullable BigDecimal hoursPerMonth,
                                 @Nullable Integer maxCandidates, @Nullable CustomerId customerId, @Nullable Integer termMonths,
                                 @Nullable Double trainingTokens, @Nullable RankBy rankBy, @Nullable Double deadlineHours, @Nullable BigDecimal budget) {
        this(input, region, billingMode, hoursPerMonth, maxCandidates, customerId, termMonths, trainingTokens, rankBy,
                deadlineHours, budget, null);
    }

    public RecommendationRequest(SizingInput input, String region, BillingMode billingMode, @Nullable BigDecimal hoursPerMonth,
                                 @Nullable Integer maxCandidates, @Nullable CustomerId customerId, @Nullable Integer termMonths) {
        this(input, region, billingMode, hoursPerMonth, maxCandidates, customerId, termMonths, null, null, null, null);
    }

    public RecommendationRequest(SizingInput input, String region, BillingMode billingMode, @Nullable BigDecimal hoursPerMonth,
                                 @Nullable Integer maxCandidates, @Nullable CustomerId customerId) {
        this(input, region, billingMode, hoursPerMonth, maxCandidates, customerId, null);
    }

    public static RecommendationRequest of(SizingInput input, String region, BillingMode billingMode) {
        return new RecommendationRequest(input, region, billingMode, null, null, null, null);
    }

    public RecommendationRequest withInput(SizingInput changed) {
        return new RecommendationRequest(changed, region, billingMode, hoursPerMonth, maxCandidates, customerId,
                termMonths, trainingTokens, rankBy, deadlineHours, budget, traffic);
    }
}
