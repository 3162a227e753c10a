package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.UI;

import java.util.List;

/** The terms of the per-GPU VRAM and per-node RAM breakdowns, labelled in the UI language. */
final class BreakdownSegments {

    private BreakdownSegments() {
    }

    static List<BreakdownChart.Segment> perGpu(SizingReport s) {
        SizingReport.PerGpu g = s.perGpu();
        return List.of(seg("weights", g.weightsGiB()), seg("gradients", g.gradientsGiB()),
                seg("optimizer", g.optimizerStatesGiB()), seg("activations", g.activationsGiB()),
                seg("kvCache", g.kvCacheGiB()), seg("buffers", g.buffersGiB()), seg("overhead", g.overheadGiB()),
                seg("workingSet", g.workingSetGiB()));
    }

    static List<BreakdownChart.Segment> host(SizingReport s) {
        SizingReport.Host h = s.host();
        return List.of(seg("offload", h.offloadGiB()), seg("modelLoading", h.modelLoadingGiB()),
                seg("datasetCache", h.datasetCacheGiB()), seg("dataloader", h.dataloaderGiB()),
                seg("osReserve", h.osReserveGiB()), seg("workingSet", h.workingSetGiB()));
    }

    private static BreakdownChart.Segment seg(String term, java.math.BigDecimal gib) {
        return new BreakdownChart.Segment(UI.getCurrent().getTranslation("sizing.term." + term), gib);
    }
}
