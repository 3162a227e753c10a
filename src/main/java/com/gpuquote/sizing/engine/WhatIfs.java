package com.gpuquote.sizing.engine;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The what-if suggestions of a recommendation: one change to the input (recompute, ZeRO 3, offload, quantisation,
 * more GPUs, another precision on older GPUs, distributed preprocessing, a larger-RAM instance) that makes a cheaper
 * candidate fit, and the plans that combine changes when nothing fits.
 */
final class WhatIfs {

    private WhatIfs() {
    }

    private record WhatIf(String code, String pattern, SizingInput input) {
    }

    static List<Suggestion> suggestions(SizingInput input, Resolved r, List<CandidateInstance> catalog,
                                                CandidateRanking.Pricing pricing, RatioPolicy policy, CandidateRanking.Ranking base) {
        CandidateRanking.Entry best = base.size > 0 ? base.top[0] : null;
        List<WhatIf> whatIfs = new ArrayList<>(8);
        if (r.workload.isTraining()) {
            if (r.recompute == ActivationRecompute.NONE) {
                whatIfs.add(new WhatIf(NoteCodes.SELECTIVE_RECOMPUTE,
                        "Selective activation recompute: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.SELECTIVE_RECOMPUTE)));
            }
            if (r.recompute != ActivationRecompute.FULL) {
                whatIfs.add(new WhatIf(NoteCodes.FULL_RECOMPUTE,
                        "Full activation recompute: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.FULL_RECOMPUTE)));
            }
            if (r.zeroStage < 3) {
                whatIfs.add(new WhatIf(NoteCodes.ZERO_3,
                        "ZeRO stage 3: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.ZERO_3)));
            }
            if (r.offload == Offload.NONE) {
                whatIfs.add(new WhatIf(NoteCodes.OPTIMIZER_OFFLOAD,
                        "Offload optimizer states to host memory: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.OPTIMIZER_OFFLOAD)));
            }
        }
        if (r.workload == Workload.INFERENCE) {
            if (r.precision.bytes() > 1) {
                whatIfs.add(new WhatIf(NoteCodes.INT8_SERVING,
                        "Serve INT8-quantized weights: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.INT8_SERVING)));
            }
            if (r.precision != Precision.INT4) {
                whatIfs.add(new WhatIf(NoteCodes.INT4_SERVING,
                        "Serve INT4-quantized weights: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                        apply(input, NoteCodes.INT4_SERVING)));
            }
        }
        if (r.gpuCount > 0 && r.workload != Workload.GENERAL_COMPUTE && r.gpuCount * 2 <= SizingEngine.MAX_GPU_COUNT) {
            whatIfs.add(new WhatIf(NoteCodes.MORE_GPUS,
                    "Use " + (r.gpuCount * 2) + " GPUs: {0} GiB per GPU; {1} fits for {2} {3} per month.",
                    apply(input, NoteCodes.MORE_GPUS)));
        }
        if (base.cheapestRamShort != null && r.workload.isTraining()
                && (r.datasetCacheGiB > 0 || r.workersPerGpu > 1)) {
            whatIfs.add(new WhatIf(NoteCodes.DISTRIBUTED_PREPROCESSING,
                    "Move preprocessing to a distributed framework such as Spark and stream the data set"
                            + " (1 loader worker per GPU, no RAM cache): {1} fits for {2} {3} per month.",
                    apply(input, NoteCodes.DISTRIBUTED_PREPROCESSING)));
        }

        List<Suggestion> out = new ArrayList<>();
        for (WhatIf w : whatIfs) {
            Resolved wr;
            try {
                wr = SizingEngine.resolve(w.input(), true);
            } catch (SizingValidationException e) {
                continue;
            }
            CandidateRanking.Ranking wrk = CandidateRanking.rank(wr, catalog, pricing, policy, 1);
            if (wrk.size == 0) {
                continue;
            }
            CandidateRanking.Entry wb = wrk.top[0];
            if (best != null && CandidateRanking.compare(wb, best, catalog) >= 0) {
                continue;
            }
            Suggestion sg = suggestion(w.code(), w.pattern(), wb, catalog.get(wb.idx), input, w.input());
            if (NoteCodes.MORE_GPUS.equals(w.code())) {
                // {4}: the GPU count tried, so a translation can name it as the English pattern does
                List<Object> args = new ArrayList<>(sg.args());
                args.add(r.gpuCount * 2);
                sg = new Suggestion(sg.code(), sg.message(), args, sg.perGpuTotalGiB(), sg.monthlyPrice(),
                        sg.instanceType(), sg.gpuCount(), sg.currency(), sg.hostRamGiB(), sg.instances(),
                        sg.changes(), sg.input(), null);
            }
            out.add(sg);
        }
        if (base.excluded[ExclusionReason.PRECISION_UNSUPPORTED.ordinal()] > 0) {
            // what the precision the excluded GPUs can run would cost on them ("FP16 on V100: …")
            SizingInput changed = apply(input, NoteCodes.PRECISION_ON_OLDER_GPU);
            if (changed != input) {
                try {
                    Resolved wr = SizingEngine.resolve(changed, true);
                    CandidateRanking.Ranking wrk = CandidateRanking.rank(wr, catalog, pricing, policy, 1, base.precisionExcluded);
                    if (wrk.size > 0 && (best == null || CandidateRanking.compare(wrk.top[0], best, catalog) < 0)) {
                        CandidateRanking.Entry wb = wrk.top[0];
                        CandidateInstance c = catalog.get(wb.idx);
                        String what = changed.precision() != input.precision()
                                ? String.valueOf(changed.precision()) : "BF16 mixed precision (AMP)";
                        Suggestion sg = suggestion(NoteCodes.PRECISION_ON_OLDER_GPU,
                                "{4} on {5}: {1} fits for {2} {3} per month.", wb, c, input, changed);
                        List<Object> args = new ArrayList<>(sg.args());
                        args.add(what);
                        args.add(Recommender.shortGpuName(c.gpuModel()));
                        out.add(new Suggestion(sg.code(), Note.format(
                                "{4} on {5}: {1} fits for {2} {3} per month.", args.toArray()), args,
                                sg.perGpuTotalGiB(), sg.monthlyPrice(), sg.instanceType(), sg.gpuCount(),
                                sg.currency(), sg.hostRamGiB(), sg.instances(), sg.changes(), sg.input(), null));
                    }
                } catch (SizingValidationException e) {
                    // the changed input is not valid for this workload: no what-if
                }
            }
        }
        CandidateRanking.Entry rs = base.cheapestRamShort;
        if (rs != null && r.workload == Workload.GENERAL_COMPUTE && (best == null || rs.cents < best.cents)) {
            // What-if: preprocessing moves to a distributed framework, so less of the host working set stays on each
            // node. The cheapest instance with enough GPU memory fits once the working set is at most its RAM minus
            // the other host terms (OS reserve).
            CandidateInstance c = catalog.get(rs.idx);
            double maxWorkingSet = c.ramGiB() - (rs.b.hostTotal - rs.b.hostWorkingSet);
            if (maxWorkingSet > 0) {
                BigDecimal price = BigDecimal.valueOf(rs.cents, 2);
                Object[] args = {rs.b.perGpuTotal, c.code(), price, c.currency(), maxWorkingSet, rs.b.hostWorkingSet};
                String pattern = "Move preprocessing to a distributed framework such as Spark so at most {4} GiB"
                        + " of the {5} GiB host working set stays on each node: {1} fits for {2} {3} per month.";
                out.add(new Suggestion(NoteCodes.DISTRIBUTED_WORKING_SET, Note.format(pattern, args), List.of(args),
                        rs.b.perGpuTotal, price, c.code(), rs.gpuCount, c.currency(), rs.b.hostTotal, rs.instances,
                        List.of(), null, null));
            }
        }
        if (rs != null && best != null && rs.cents < best.cents) {
            CandidateInstance short_ = catalog.get(rs.idx);
            CandidateInstance fit = catalog.get(best.idx);
            BigDecimal price = BigDecimal.valueOf(best.cents, 2);
            Object[] args = {short_.code(), short_.ramGiB(), rs.b.hostTotal, fit.code(), fit.ramGiB(), price,
                    fit.currency()};
            String pattern = "{0} has enough GPU memory but only {1} GiB RAM for {2} GiB needed per node;"
                    + " {3} with {4} GiB RAM fits for {5} {6} per month.";
            out.add(new Suggestion(NoteCodes.LARGER_RAM_INSTANCE, Note.format(pattern, args), List.of(args),
                    best.b.perGpuTotal, price, fit.code(), best.gpuCount, fit.currency(), best.b.hostTotal,
                    best.instances, List.of(), null, null));
        }
        if (best == null && out.isEmpty()) {
            // nothing fits and no single change is enough: plans that combine changes until it fits
            out.addAll(FitPlans.plans(input, r, catalog, pricing, policy));
        }
        out.sort(Comparator.comparing(Suggestion::monthlyPrice).thenComparing(Suggestion::code));
        return List.copyOf(out);
    }
    /**
     * The input a what-if of {@link Recommender#recommend} sizes ({@code code} of a {@link Suggestion}), so a UI can apply a
     * suggestion to its form. {@code LARGER_RAM_INSTANCE} (and any unknown code) changes nothing.
     */
    static SizingInput apply(SizingInput input, String code) {
        SizingInput.Builder b = input.toBuilder();
        int zero = input.zeroStage() != null ? input.zeroStage() : SizingInput.DEFAULT_ZERO_STAGE;
        int n = input.gpuCount() != null ? input.gpuCount() : SizingInput.DEFAULT_GPU_COUNT;
        return switch (code) {
            case NoteCodes.SELECTIVE_RECOMPUTE -> b.activationRecompute(ActivationRecompute.SELECTIVE).build();
            case NoteCodes.FULL_RECOMPUTE -> b.activationRecompute(ActivationRecompute.FULL).build();
            case NoteCodes.ZERO_3 -> b.zeroStage(3).build();
            case NoteCodes.OPTIMIZER_OFFLOAD -> b.zeroStage(Math.max(zero, 2)).offload(Offload.OPTIMIZER).build();
            case NoteCodes.INT8_SERVING -> b.precision(Precision.INT8).build();
            case NoteCodes.INT4_SERVING -> b.precision(Precision.INT4).build();
            case NoteCodes.MORE_GPUS -> b.gpuCount(n * 2).gpusPerNode(null).build();
            case NoteCodes.PRECISION_ON_OLDER_GPU -> {
                if (input.precision() == Precision.BF16) {
                    yield b.precision(Precision.FP16).build();
                }
                if (input.precision() == Precision.FP8) {
                    yield b.precision(Precision.INT8).build();
                }
                if (input.trainingMode() == TrainingMode.FP8) {
                    yield b.trainingMode(TrainingMode.AMP).build();
                }
                yield input;
            }
            case NoteCodes.DISTRIBUTED_PREPROCESSING -> {
                b.dataloaderWorkersPerGpu(1);
                if (input.dataset() != null) {
                    b.dataset(new DatasetInput(input.dataset().sizeGiB(), false));
                }
                yield b.build();
            }
            default -> input;
        };
    }

    private static Suggestion suggestion(String code, String pattern, CandidateRanking.Entry e, CandidateInstance c, SizingInput from,
                                         SizingInput changed) {
        BigDecimal price = BigDecimal.valueOf(e.cents, 2);
        Object[] args = {e.b.perGpuTotal, c.code(), price, c.currency()};
        return new Suggestion(code, Note.format(pattern, args), List.of(args), e.b.perGpuTotal, price, c.code(),
                e.gpuCount, c.currency(), e.b.hostTotal, e.instances, changes(from, changed), changed, null);
    }

    /** The request fields a what-if changed, with their new values (defaults applied on both sides). */
    static List<Suggestion.Change> changes(SizingInput from, SizingInput to) {
        SizingInput a = from.withDefaults();
        SizingInput b = to.withDefaults();
        List<Suggestion.Change> out = new ArrayList<>(3);
        diff(out, "workload", a.workload(), b.workload());
        diff(out, "precision", a.precision(), b.precision());
        diff(out, "trainingMode", a.trainingMode(), b.trainingMode());
        diff(out, "zeroStage", a.zeroStage(), b.zeroStage());
        diff(out, "offload", a.offload(), b.offload());
        diff(out, "activationRecompute", a.activationRecompute(), b.activationRecompute());
        diff(out, "gpuCount", from.gpuCount(), to.gpuCount());
        diff(out, "dataloaderWorkersPerGpu", a.dataloaderWorkersPerGpu(), b.dataloaderWorkersPerGpu());
        diff(out, "dataset.cacheInRam", a.dataset() == null ? null : a.dataset().cacheInRam(),
                b.dataset() == null ? null : b.dataset().cacheInRam());
        return out;
    }

    private static void diff(List<Suggestion.Change> out, String field, Object a, Object b) {
        if (b != null && !b.equals(a)) {
            out.add(new Suggestion.Change(field, b instanceof Enum<?> e ? e.name() : String.valueOf(b)));
        }
    }
}
