package com.gpuquote.sizing.engine;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * A serving plan's estimate (labelled an estimate wherever shown; docs/performance-validation.md gives its error):
 * output tokens per second of the whole plan at full load, the sequences each replica keeps in flight
 * ({@code batchPerReplica}), the first-token latency of a request on an idle replica ({@code timeToFirstTokenMs},
 * the idle figure), and the cost of a million output tokens at the plan's (net) prices, for requests of
 * {@code inputTokens} + {@code outputTokens}. With traffic given: the replicas (sized within the traffic's SLO) and
 * instances needed to carry it, what they cost per month, and whether this plan's own replicas suffice (else null).
 * {@code operatingPoint} is where the plan runs for the users stated (full load when none are) and what a user sees
 * there; {@code traffic} the traffic and SLO it was sized for (null without).
 */
public record ServingPerformance(double outputTokensPerSecond, int batchPerReplica, double timeToFirstTokenMs,
                                 BigDecimal costPerMillionOutputTokens, int inputTokens, int outputTokens,
                                 Integer replicasNeeded, Integer instancesNeeded, BigDecimal monthlyPriceForTraffic,
                                 Boolean meetsTraffic, @Nullable OperatingPoint operatingPoint,
                                 @Nullable ServingTraffic traffic) {
}
