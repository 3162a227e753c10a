package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.UI;

import java.math.BigDecimal;
import java.util.List;

/** The terms of the per-GPU VRAM and per-node RAM breakdowns, labelled in the UI language. */
final class BreakdownSegments {

    /** A term of the breakdown: its key ({@code sizing.term.<key>}, {@code sizing.help.<key>}, …) and GiB. */
    record Term(String key, BigDecimal gib) {
    }

    private BreakdownSegments() {
    }

    static List<Term> perGpuTerms(SizingReport s) {
        SizingReport.PerGpu g = s.perGpu();
        return List.of(new Term("weights", g.weightsGiB()), new Term("gradients", g.gradientsGiB()),
                new Term("optimizer", g.optimizerStatesGiB()), new Term("activations", g.activationsGiB()),
                new Term("recompute", orZero(g.recomputeGiB())), new Term("logits", orZero(g.logitsGiB())),
                new Term("kvCache", g.kvCacheGiB()), new Term("buffers", g.buffersGiB()),
                new Term("zeroBuckets", orZero(g.zeroBucketsGiB())),
                new Term("zeroStep", orZero(g.zeroStepGiB())),
                new Term("framework", orZero(g.frameworkGiB())), new Term("overhead", g.overheadGiB()),
                new Term("workingSet", g.workingSetGiB()));
    }

    static List<Term> hostTerms(SizingReport s) {
        SizingReport.Host h = s.host();
        return List.of(new Term("offload", h.offloadGiB()), new Term("pinnedBuffers", orZero(h.pinnedBuffersGiB())),
                new Term("modelLoading", h.modelLoadingGiB()), new Term("checkpointCache", orZero(h.checkpointCacheGiB())),
                new Term("swapSpace", orZero(h.swapSpaceGiB())), new Term("kvCpuOffload", orZero(h.kvCpuOffloadGiB())),
                new Term("datasetCache", h.datasetCacheGiB()), new Term("dataloader", h.dataloaderGiB()),
                new Term("osReserve", h.osReserveGiB()), new Term("workingSet", h.workingSetGiB()));
    }

    static List<BreakdownChart.Segment> perGpu(SizingReport s) {
        return perGpuTerms(s).stream().map(BreakdownSegments::seg).toList();
    }

    static List<BreakdownChart.Segment> host(SizingReport s) {
        return hostTerms(s).stream().map(BreakdownSegments::seg).toList();
    }

    /** Saved runs from before engine v2 have no values for the new terms. */
    private static BigDecimal orZero(BigDecimal v) {
        return v == null ? BigDecimal.ZERO : v;
    }

    private static BreakdownChart.Segment seg(Term t) {
        return new BreakdownChart.Segment(UI.getCurrent().getTranslation("sizing.term." + t.key()), t.gib());
    }
}
