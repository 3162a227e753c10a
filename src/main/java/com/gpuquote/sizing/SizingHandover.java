package com.gpuquote.sizing;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;

/**
 * What a sizing candidate hands over to the quote it is added to (issue 14, ADR 1406 decision 3): the fit, the plan
 * and the estimate that the quote editor, the quote document (PDF, xlsx) and the customer portal show for a line added
 * from sizing. Stored as JSON on the quote line ({@code quote_lines.sizing_snapshot}) and read and written only through
 * {@link SizingHandoverCodec}.
 *
 * <p>The JSON names are the format: version 1 is the shape of {@link RecommendationReport.Candidate} as the
 * recommendation answers it (a stored candidate carries more fields, such as its prices, which readers ignore). Renaming
 * a component here renames a stored field: add a new version to the codec instead.
 *
 * @param version the format version ({@link SizingHandoverCodec#CURRENT_VERSION} when written; absent means 1)
 * @param gpuModel the GPU model code of the candidate
 * @param gpuCount the GPUs of the whole candidate (all instances)
 * @param perGpuTotalGiB the VRAM the workload needs per GPU
 * @param vramPerGpuGiB the VRAM each GPU has
 * @param vramUsedPct the share of a GPU's VRAM used, in percent
 * @param ramNeedGiB the host RAM needed per instance
 * @param ramGiB the host RAM each instance has
 * @param ratioStatus the RAM-to-VRAM ratio verdict (a code such as {@code OK})
 * @param planDescription the parallelism plan in words, in the consultant's language
 * @param performance the plan's training or serving estimate
 * @param instances the instances of the sized plan, which the estimate's throughput and training hours are for
 *                  (null in hand-overs that did not keep it); a line's own price is set against it
 *                  ({@code quote.ServingPrice}, issue 39)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SizingHandover(int version, @Nullable String gpuModel, @Nullable Integer gpuCount,
                             @Nullable Double perGpuTotalGiB, @Nullable Double vramPerGpuGiB,
                             @Nullable Double vramUsedPct, @Nullable Double ramNeedGiB, @Nullable Double ramGiB,
                             @Nullable String ratioStatus, @Nullable String planDescription,
                             @Nullable Performance performance, @Nullable Integer instances) {

    /** Without the plan's instances (hand-overs written before they were read). */
    public SizingHandover(int version, @Nullable String gpuModel, @Nullable Integer gpuCount,
                          @Nullable Double perGpuTotalGiB, @Nullable Double vramPerGpuGiB,
                          @Nullable Double vramUsedPct, @Nullable Double ramNeedGiB, @Nullable Double ramGiB,
                          @Nullable String ratioStatus, @Nullable String planDescription,
                          @Nullable Performance performance) {
        this(version, gpuModel, gpuCount, perGpuTotalGiB, vramPerGpuGiB, vramUsedPct, ramNeedGiB, ramGiB, ratioStatus,
                planDescription, performance, null);
    }

    /**
     * The estimate (issue 15): training ({@code trainingHours}, {@code jobCost}) or serving
     * ({@code outputTokensPerSecond}, {@code timeToFirstTokenMs}, {@code costPerMillionOutputTokens}); the fields of
     * the other kind are null. Amounts in CNY, written as JSON strings as the recommendation answers them. The
     * serving plan's assumptions travel with it: the request shape ({@code inputTokens}, {@code outputTokens}) and,
     * when traffic was stated, the replicas and instances it needs (the line's quantity), the requests per second and
     * latency objective it was sized for ({@code requestsPerSecond}, {@code ttftSloMs}, {@code tpotSloMs}), and what a
     * user gets at that load ({@code concurrentUsers}, {@code perUserTokensPerSecond},
     * {@code timeToFirstTokenAtLoadMs}, {@code timePerOutputTokenMs}, {@code meetsSlo}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Performance(@Nullable Double trainingHours,
                              @JsonFormat(shape = JsonFormat.Shape.STRING) @Nullable BigDecimal jobCost,
                              @Nullable Double outputTokensPerSecond, @Nullable Double timeToFirstTokenMs,
                              @JsonFormat(shape = JsonFormat.Shape.STRING) @Nullable BigDecimal costPerMillionOutputTokens,
                              @Nullable Integer inputTokens, @Nullable Integer outputTokens,
                              @Nullable Integer replicasNeeded, @Nullable Integer instancesNeeded,
                              @Nullable Double requestsPerSecond, @Nullable Double ttftSloMs,
                              @Nullable Double tpotSloMs, @Nullable Integer concurrentUsers,
                              @Nullable Double perUserTokensPerSecond, @Nullable Double timeToFirstTokenAtLoadMs,
                              @Nullable Double timePerOutputTokenMs, @Nullable Boolean meetsSlo) {

        /** Without the plan's assumptions (hand-overs stored before they were kept). */
        public Performance(@Nullable Double trainingHours, @Nullable BigDecimal jobCost,
                           @Nullable Double outputTokensPerSecond, @Nullable Double timeToFirstTokenMs,
                           @Nullable BigDecimal costPerMillionOutputTokens) {
            this(trainingHours, jobCost, outputTokensPerSecond, timeToFirstTokenMs, costPerMillionOutputTokens, null,
                    null, null, null, null, null, null, null, null, null, null, null);
        }
    }

    /** The hand-over of a candidate, in the current version. */
    public static SizingHandover of(RecommendationReport.Candidate c) {
        RecommendationReport.PerformanceJson p = c.performance();
        return new SizingHandover(SizingHandoverCodec.CURRENT_VERSION, c.gpuModel(), c.gpuCount(),
                number(c.perGpuTotalGiB()), number(c.vramPerGpuGiB()), number(c.vramUsedPct()),
                number(c.ramNeedGiB()), number(c.ramGiB()), c.ratioStatus(), c.planDescription(),
                p == null ? null : new Performance(number(p.trainingHours()), amount(p.jobCost()),
                        number(p.outputTokensPerSecond()), number(p.timeToFirstTokenMs()),
                        amount(p.costPerMillionOutputTokens()), p.inputTokens(), p.outputTokens(),
                        p.replicasNeeded(), p.instancesNeeded(), p.requestsPerSecond(), p.ttftSloMs(),
                        p.tpotSloMs(), p.concurrentUsers(), number(p.perUserTokensPerSecond()),
                        number(p.timeToFirstTokenAtLoadMs()), number(p.timePerOutputTokenMs()), p.meetsSlo()),
                c.instances());
    }

    /** True when the hand-over says how the candidate fits (its VRAM or its host RAM). */
    public boolean hasFit() {
        return vramPerGpuGiB != null || ramGiB != null;
    }

    private static @Nullable Double number(@Nullable BigDecimal v) {
        return v == null ? null : v.doubleValue();
    }

    private static @Nullable BigDecimal amount(@Nullable String v) {
        return v == null ? null : new BigDecimal(v);
    }
}
