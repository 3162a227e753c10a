package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import java.math.BigDecimal;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A fitting instance type in the recommendation order. {@code gpuCount} is the total number of GPUs N the
 * sizing was done for (chosen by the search when the input had none), {@code gpusPerInstance} the instance
 * type's GPUs; {@code ramGiB} is one instance's RAM and {@code ramNeedGiB} the host need per node
 * (one instance = one node). {@code ramToVramRatio} = instance RAM / instance VRAM. {@code unitPrice} and
 * {@code monthlyPrice} are the (net) prices the order uses; {@code listUnitPrice}/{@code listMonthlyPrice} the list
 * prices beside them (equal when no agreement applies). {@code maxConcurrentSequences} (INFERENCE only, else null):
 * sequences of the requested context whose KV cache fits beside the weights on this GPU, what vLLM prints as
 * "Maximum concurrency" at start-up. {@code plan}: how the GPUs are used (tensor/pipeline/data parallel, replicas, instances
 * per replica; issue 15).
 */
public record RankedCandidate(
        String instanceType,
        String gpuModel,
        int instances,
        int gpuCount,
        int gpusPerInstance,
        double vramPerGpuGiB,
        double perGpuTotalGiB,
        double vramUsedPct,
        double ramGiB,
        double ramNeedGiB,
        double ramToVramRatio,
        RatioStatus ratioStatus,
        BillingMode billingMode,
        BigDecimal unitPrice,
        BigDecimal monthlyPrice,
        String currency,
        List<Note> warnings,
        BigDecimal listUnitPrice,
        BigDecimal listMonthlyPrice,
        @Nullable Double maxConcurrentSequences,
        Plan plan) {
}
