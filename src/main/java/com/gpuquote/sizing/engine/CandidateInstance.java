package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;

/**
 * One priced instance type offered to the recommender: the catalog row joined with its price in the
 * tenant's (or customer's) list in force for one billing mode. {@code ramGiB} and {@code vramPerGpuGiB} in GiB;
 * {@code unitPrice} is per hour (HOURLY, SPOT), per month (MONTHLY) or per year (YEARLY) and is what candidates are
 * ranked by (the customer's net price when an agreement applies); {@code listUnitPrice} is the list price beside it.
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
        String currency,
        BigDecimal listUnitPrice) {

    /** {@code listUnitPrice} null → {@code unitPrice} (no negotiated price). */
    public CandidateInstance {
        listUnitPrice = listUnitPrice == null ? unitPrice : listUnitPrice;
    }

    /** A candidate priced at list (net = list). */
    public CandidateInstance(String code, String gpuModel, int gpuCount, double vramPerGpuGiB, int vcpu, double ramGiB,
                             BillingMode billingMode, BigDecimal unitPrice, String currency) {
        this(code, gpuModel, gpuCount, vramPerGpuGiB, vcpu, ramGiB, billingMode, unitPrice, currency, unitPrice);
    }
}
