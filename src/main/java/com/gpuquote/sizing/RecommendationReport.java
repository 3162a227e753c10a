package com.gpuquote.sizing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.sizing.engine.ExclusionReason;
import com.gpuquote.sizing.engine.Plan;
import com.gpuquote.sizing.engine.RankedCandidate;
import com.gpuquote.sizing.engine.Recommender;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Recommendation;
import com.gpuquote.sizing.engine.OperatingPoint;
import com.gpuquote.sizing.engine.ServingPerformance;
import com.gpuquote.sizing.engine.ServingTraffic;
import com.gpuquote.sizing.engine.Suggestion;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;

/**
 * A recommendation as the API answers it (and as a project's sizing run stores it). Money as strings: unit prices
 * with 4 decimals, monthly prices with 2; GiB (2^30 bytes) with 3 decimals; text in the caller's language.
 * There is no cost field, by design. {@code maxConcurrentSequences} (inference only) with 2 decimals, as vLLM prints it.
 */
public record RecommendationReport(SizingReport sizing, List<Candidate> candidates, List<WhatIf> suggestions,
                                   List<ExcludedCount> excluded) {

    /** Runs stored before issue 15 have no {@code excluded}: read as none. */
    public RecommendationReport {
        excluded = excluded == null ? List.of() : excluded;
    }

    /**
     * Priced candidates left out, {@code count} per {@code reason} (an {@link ExclusionReason} code), with a label in
     * the caller's language.
     */
    public record ExcludedCount(String reason, int count, String label) {
    }

    /** How a candidate uses its GPUs (issue 15); see {@link Plan}. */
    public record PlanJson(int tensorParallel, int pipelineParallel, int dataParallel, int replicas,
                           int instancesPerReplica) {
    }

    public record Candidate(String instanceType, String gpuModel, int instances, int gpuCount, int gpusPerInstance,
                            BigDecimal vramPerGpuGiB, BigDecimal perGpuTotalGiB, BigDecimal vramUsedPct,
                            BigDecimal ramGiB, BigDecimal ramNeedGiB, BigDecimal ramToVramRatio, String ratioStatus,
                            String billingMode, String unitPrice, String monthlyPrice, String currency,
                            List<SizingReport.Message> warnings, String listUnitPrice, String netUnitPrice,
                            String listMonthlyPrice, String netMonthlyPrice, BigDecimal maxConcurrentSequences,
                            PlanJson plan, String planDescription, PerformanceJson performance) {
    }

    /**
     * The plan's estimate (issue 15; {@code estimate} is always true: it is a model, see
     * docs/performance-validation.md). Training: hours, GPU-hours, the job's cost at the plan's net prices, and whether
     * it meets the deadline and budget asked (null when not asked). Serving: output tokens per second of the whole
     * plan at full load, the sequences each replica keeps in flight ({@code maxConcurrentSequences}), the unloaded
     * time to first token, the cost of a million output tokens at the plan's net prices (4 decimals), the request
     * shape assumed, and with {@code traffic}: replicas and instances needed (within its SLO, {@code ttftMs} /
     * {@code tpotMs}), their monthly price, and whether this plan carries it. {@code timeToFirstTokenMs} is the idle
     * figure (also {@code idleTimeToFirstTokenMs}); the operating point for the users stated ({@code microBatchSize}
     * or the traffic by Little's law; full load when none): {@code concurrentUsers}, {@code operatingBatchPerReplica},
     * {@code outputTokensPerSecondAtOperatingPoint}, {@code perUserTokensPerSecond}, {@code timeToFirstTokenAtLoadMs}
     * (with the serving overhead), {@code timePerOutputTokenMs}, and {@code meetsSlo} (null without an SLO); the
     * traffic it was sized for ({@code requestsPerSecond}, {@code ttftSloMs}, {@code tpotSloMs}; null without). Fields
     * of the other kind are null.
     */
    public record PerformanceJson(boolean estimate, BigDecimal trainingHours, BigDecimal gpuHours, String jobCost,
                                  Boolean meetsDeadline, Boolean withinBudget, BigDecimal outputTokensPerSecond,
                                  Integer maxConcurrentSequences, BigDecimal timeToFirstTokenMs,
                                  String costPerMillionOutputTokens, Integer inputTokens, Integer outputTokens,
                                  Integer replicasNeeded, Integer instancesNeeded, String monthlyPriceForTraffic,
                                  Boolean meetsTraffic, Integer concurrentUsers, Integer operatingBatchPerReplica,
                                  BigDecimal outputTokensPerSecondAtOperatingPoint, BigDecimal perUserTokensPerSecond,
                                  BigDecimal timeToFirstTokenAtLoadMs, BigDecimal timePerOutputTokenMs,
                                  BigDecimal idleTimeToFirstTokenMs, Boolean meetsSlo, Double requestsPerSecond,
                                  Double ttftSloMs, Double tpotSloMs) {

        /** Without the operating point (estimates saved before it existed). */
        public PerformanceJson(boolean estimate, BigDecimal trainingHours, BigDecimal gpuHours, String jobCost,
                               Boolean meetsDeadline, Boolean withinBudget, BigDecimal outputTokensPerSecond,
                               Integer maxConcurrentSequences, BigDecimal timeToFirstTokenMs,
                               String costPerMillionOutputTokens, Integer inputTokens, Integer outputTokens,
                               Integer replicasNeeded, Integer instancesNeeded, String monthlyPriceForTraffic,
                               Boolean meetsTraffic) {
            this(estimate, trainingHours, gpuHours, jobCost, meetsDeadline, withinBudget, outputTokensPerSecond,
                    maxConcurrentSequences, timeToFirstTokenMs, costPerMillionOutputTokens, inputTokens, outputTokens,
                    replicasNeeded, instancesNeeded, monthlyPriceForTraffic, meetsTraffic, null, null, null, null,
                    null, null, null, null, null, null, null);
        }

        /** A training job's estimate (the serving fields null). */
        static PerformanceJson training(com.gpuquote.sizing.engine.TrainingPerformance p) {
            return new PerformanceJson(true, round(p.trainingHours(), 2), round(p.gpuHours(), 1), amount(p.jobCost()),
                    p.meetsDeadline(), p.withinBudget(), null, null, null, null, null, null, null, null, null, null);
        }

        /** A serving plan's estimate (the training fields null). */
        static PerformanceJson serving(ServingPerformance p) {
            OperatingPoint op = p.operatingPoint();
            ServingTraffic t = p.traffic();
            return new PerformanceJson(true, null, null, null, null, null, round(p.outputTokensPerSecond(), 0),
                    p.batchPerReplica(), round(p.timeToFirstTokenMs(), 0), unitPrice(p.costPerMillionOutputTokens()),
                    p.inputTokens(), p.outputTokens(), p.replicasNeeded(), p.instancesNeeded(),
                    p.monthlyPriceForTraffic() == null ? null : amount(p.monthlyPriceForTraffic()), p.meetsTraffic(),
                    op == null ? null : op.concurrentUsers(), op == null ? null : op.batchPerReplica(),
                    op == null ? null : round(op.outputTokensPerSecond(), 0),
                    op == null ? null : round(op.perUserTokensPerSecond(), 1),
                    op == null ? null : round(op.timeToFirstTokenMs(), 0),
                    op == null ? null : round(op.timePerOutputTokenMs(), 1), round(p.timeToFirstTokenMs(), 0),
                    op == null ? null : op.meetsSlo(), t == null ? null : t.requestsPerSecond(),
                    t == null ? null : t.ttftMs(), t == null ? null : t.tpotMs());
        }

        /** True when this is a serving estimate. */
        public boolean serving() {
            return outputTokensPerSecond != null;
        }
    }

    /**
     * A what-if: {@code changes} (the request fields it changes, each with a label in the caller's language) turn the
     * request's {@code input} into this {@code input}; the cheapest fit then is {@code instances} × {@code instanceType}
     * ({@code gpuCount} GPUs) with {@code perGpuTotalGiB} per GPU and {@code hostRamGiB} host RAM per node, for
     * {@code monthlyPrice}. {@code input} is null (and {@code changes} empty) for advice that changes no input.
     */
    public record WhatIf(String code, String message, BigDecimal perGpuTotalGiB, String monthlyPrice,
                         String instanceType, int gpuCount, String currency, BigDecimal hostRamGiB, int instances,
                         List<Change> changes, SizingInput input) {
    }

    /** One changed request field ({@code field} as the request names it, {@code value} as JSON gives it). */
    public record Change(String field, String value, String label) {
    }

    public static RecommendationReport of(Recommendation r, Locale locale) {
        List<Candidate> candidates = r.candidates().stream().map(c -> candidate(c, performance(r, c), locale))
                .toList();
        List<WhatIf> whatIfs = r.suggestions().stream().map(s -> whatIf(s, locale)).toList();
        List<ExcludedCount> excluded = r.excluded().stream().map(e -> new ExcludedCount(e.reason().name(), e.count(),
                SizingReport.text("sizing.excluded." + e.reason().name(), e.reason().name() + ": {0}",
                        List.of(e.count()), locale))).toList();
        return new RecommendationReport(SizingReport.of(r.sizing(), locale), candidates, whatIfs, excluded);
    }

    private static PerformanceJson performance(Recommendation r, RankedCandidate c) {
        if (r.servingOf(c) != null) {
            return PerformanceJson.serving(r.servingOf(c));
        }
        return r.performanceOf(c) == null ? null : PerformanceJson.training(r.performanceOf(c));
    }

    static Candidate candidate(RankedCandidate c, Locale locale) {
        return candidate(c, null, locale);
    }

    static Candidate candidate(RankedCandidate c, PerformanceJson performance, Locale locale) {
        return new Candidate(c.instanceType(), c.gpuModel(), c.instances(), c.gpuCount(), c.gpusPerInstance(),
                SizingReport.gib(c.vramPerGpuGiB()), SizingReport.gib(c.perGpuTotalGiB()), round(c.vramUsedPct(), 1),
                SizingReport.gib(c.ramGiB()), SizingReport.gib(c.ramNeedGiB()), round(c.ramToVramRatio(), 3),
                c.ratioStatus().name(), c.billingMode().name(), unitPrice(c.unitPrice()), amount(c.monthlyPrice()),
                c.currency(), SizingReport.messages(c.warnings(), locale), unitPrice(c.listUnitPrice()),
                unitPrice(c.unitPrice()), amount(c.listMonthlyPrice()), amount(c.monthlyPrice()),
                c.maxConcurrentSequences() == null ? null : round(c.maxConcurrentSequences(), 2),
                c.plan() == null ? null : new PlanJson(c.plan().tensorParallel(), c.plan().pipelineParallel(),
                        c.plan().dataParallel(), c.plan().replicas(), c.plan().instancesPerReplica()),
                planDescription(c, locale), performance);
    }

    /**
     * The plan in words, e.g. "4 × H20 in one instance, tensor parallel 4" (key {@code sizing.plan.<shape>}):
     * {@code oneInstance}, {@code oneInstancePipeline}, {@code pipelineAcross}, {@code replicas}, {@code dataParallel},
     * {@code instances}.
     */
    public static @Nullable String planDescription(RankedCandidate c, Locale locale) {
        Plan p = c.plan();
        if (p == null) {
            return null;
        }
        String gpu = Recommender.shortGpuName(c.gpuModel());
        int perReplicaGpus = p.tensorParallel() * p.pipelineParallel();
        String key;
        String english;
        List<Object> args;
        if (p.dataParallel() > 1) {
            key = "dataParallel";
            english = c.instances() == 1 ? "{0} × {1} in one instance, data parallel {0}"
                    : "{0} × {1} in {2} instances, data parallel {0} over RDMA";
            args = List.of(c.gpuCount(), gpu, c.instances());
            if (c.instances() > 1) {
                key = "dataParallelAcross";
            }
        } else if (p.replicas() > 1 && p.instancesPerReplica() == 1 && perReplicaGpus > 1) {
            key = "replicas";
            english = "{0} replicas of {1} × {2}, tensor parallel {3} inside one instance each";
            args = List.of(p.replicas(), perReplicaGpus, gpu, p.tensorParallel());
        } else if (p.replicas() > 1 && perReplicaGpus == 1) {
            key = "replicasSingle";
            english = "{0} replicas of one {1} each";
            args = List.of(p.replicas(), gpu);
        } else if (p.instancesPerReplica() > 1 && p.pipelineParallel() > 1) {
            key = "pipelineAcross";
            english = "{0} × {1} in {2} instances: tensor parallel {3} inside each, pipeline parallel {4} across them";
            args = List.of(c.gpuCount(), gpu, p.instancesPerReplica(), p.tensorParallel(), p.pipelineParallel());
        } else if (p.instancesPerReplica() == 1 && p.replicas() == 1 && p.pipelineParallel() > 1) {
            key = "oneInstancePipeline";
            english = "{0} × {1} in one instance, tensor parallel {2} × pipeline parallel {3}";
            args = List.of(c.gpuCount(), gpu, p.tensorParallel(), p.pipelineParallel());
        } else if (p.instancesPerReplica() == 1 && p.replicas() == 1 && perReplicaGpus > 1) {
            key = "oneInstance";
            english = "{0} × {1} in one instance, tensor parallel {2}";
            args = List.of(c.gpuCount(), gpu, p.tensorParallel());
        } else if (c.instances() == 1) {
            key = "single";
            english = "{0} × {1} in one instance";
            args = List.of(c.gpuCount(), gpu);
        } else {
            key = "instances";
            english = "{0} × {1} in {2} instances";
            args = List.of(c.gpuCount(), gpu, c.instances());
        }
        return SizingReport.text("sizing.plan." + key, com.gpuquote.sizing.engine.Note.format(english, args.toArray()),
                args, locale);
    }

    static WhatIf whatIf(Suggestion s, Locale locale) {
        List<Change> changes = s.changes().stream()
                .map(c -> new Change(c.field(), c.value(), changeLabel(c, locale))).toList();
        List<Object> args = s.args();
        if (Suggestion.PLAN_MESSAGE_KEY.equals(s.messageKey()) && !args.isEmpty()) {
            List<Object> localized = new java.util.ArrayList<>(args);
            localized.set(0, String.join(" + ", changes.stream().map(Change::label).toList()));
            args = localized;
        }
        return new WhatIf(s.code(), SizingReport.text(s.messageKey(), s.message(), args, locale),
                SizingReport.gib(s.perGpuTotalGiB()), amount(s.monthlyPrice()), s.instanceType(), s.gpuCount(),
                s.currency(), SizingReport.gib(s.hostRamGiB()), s.instances(), changes, s.input());
    }

    /** {@code sizing.change.<field>.<value>}, else {@code sizing.change.<field>} with the value as {0}. */
    private static String changeLabel(Suggestion.Change c, Locale locale) {
        String exact = "sizing.change." + c.field() + "." + c.value();
        if (com.gpuquote.shared.I18n.has(exact)) {
            return com.gpuquote.shared.I18n.get(locale, exact);
        }
        String general = "sizing.change." + c.field();
        return com.gpuquote.shared.I18n.has(general) ? com.gpuquote.shared.I18n.get(locale, general, c.value())
                : c.field() + " = " + c.value();
    }

    /** A unit price as a string with 4 decimals (NUMERIC(19,4)). */
    public static String unitPrice(BigDecimal d) {
        return d.setScale(4, RoundingMode.HALF_UP).toPlainString();
    }

    /** An amount as a string with 2 decimals, half-up. */
    public static String amount(BigDecimal d) {
        return d.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static BigDecimal round(double v, int scale) {
        return BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP);
    }
}
