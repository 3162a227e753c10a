package com.gpuquote.sizing.engine;

import java.math.BigDecimal;
import java.util.List;

/**
 * A computed what-if: the input changed as {@code changes} say ({@code input}, the whole changed input, so a UI or
 * API client can apply it), re-sized and re-ranked. {@code perGpuTotalGiB}, {@code hostRamGiB} (per node),
 * {@code instances} and {@code monthlyPrice} are those of the cheapest fit under that what-if ({@code instanceType}
 * × instances, {@code gpuCount} GPUs), priced in {@code currency} (the price list's). {@code input} is null and
 * {@code changes} empty for advice that changes no input (a larger-RAM instance, less working set per node).
 * Translate with {@link #messageKey()} and {@code args}; {@code message} is the English default.
 */
public record Suggestion(
        String code,
        String message,
        List<Object> args,
        double perGpuTotalGiB,
        BigDecimal monthlyPrice,
        String instanceType,
        int gpuCount,
        String currency,
        double hostRamGiB,
        int instances,
        List<Change> changes,
        SizingInput input,
        String messageKey) {

    /** Message-bundle key of a plan that makes a workload fit when nothing did ({@code args[0]}: the changes). */
    public static final String PLAN_MESSAGE_KEY = "sizing.suggestion.PLAN";

    public Suggestion {
        args = List.copyOf(args);
        changes = List.copyOf(changes);
        if (messageKey == null) {
            messageKey = "sizing.suggestion." + code;
        }
    }

    /**
     * One changed input field: {@code field} as the request names it ({@code zeroStage}, {@code activationRecompute},
     * {@code offload}, {@code workload}, {@code gpuCount}, {@code precision}, …) and its new value as JSON would give
     * it. Message key of its label: {@code sizing.change.<field>.<value>}, or {@code sizing.change.<field>} with the
     * value as {0}.
     */
    public record Change(String field, String value) {
    }
}
