package com.gpuquote.sizing.engine;

import java.math.BigDecimal;
import java.util.List;

/**
 * A computed what-if: the input changed as {@code code} says, re-sized and re-ranked. {@code perGpuTotalGiB}
 * and {@code monthlyPrice} are those of the cheapest fit under that what-if ({@code instanceType}), priced in
 * {@code currency} (the price list's).
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
        String currency) {

    public Suggestion {
        args = List.copyOf(args);
    }

    /** Message-bundle key: {@code sizing.suggestion.<code>}. */
    public String messageKey() {
        return "sizing.suggestion." + code;
    }
}
