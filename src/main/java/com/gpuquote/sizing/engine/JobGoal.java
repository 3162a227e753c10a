package com.gpuquote.sizing.engine;

import java.math.BigDecimal;

/**
 * What the customer wants done and by when: the training tokens (dataset tokens × epochs), how to rank (default: job
 * cost when the tokens are given, a monthly price says little about a job that ends), an optional
 * deadline in hours and budget (candidates that miss them are marked, not hidden), and the MFU assumed (the tenant's
 * policy, default {@link PerformanceModel#DEFAULT_TRAINING_MFU}).
 */
public record JobGoal(Double trainingTokens, RankBy rankBy, Double deadlineHours, BigDecimal budget, double mfu) {

    public static final JobGoal NONE = new JobGoal(null, RankBy.MONTHLY_PRICE, null, null,
            PerformanceModel.DEFAULT_TRAINING_MFU);

    /** Without a rankBy: the whole job's cost when the training tokens are known, else the monthly price. */
    public JobGoal {
        rankBy = rankBy != null ? rankBy : trainingTokens != null ? RankBy.JOB_COST : RankBy.MONTHLY_PRICE;
    }

    public boolean ranksByJob() {
        return rankBy == RankBy.JOB_COST || rankBy == RankBy.TIME_TO_RESULT;
    }
}
