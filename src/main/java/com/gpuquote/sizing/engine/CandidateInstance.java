package com.gpuquote.sizing.engine;

import java.math.BigDecimal;

/**
 * One priced instance type offered to the recommender: the catalog row joined with its price in the
 * tenant's (or customer's) list in force for one billing mode. {@code ramGiB} and {@code vramPerGpuGiB} in GiB;
 * {@code unitPrice} is per hour (HOURLY, SPOT), per month (MONTHLY) or per year (YEARLY).
 */
public record CandidateInstance(
        String code,
        String gpuModel,
        int gpuCount,
        double vramPerGpuGiB,
        int vcpu,
        double ramGiB,
        BillingMode billingMode,
        BigDecimal unitPrice,
        String currency) {
}
