package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inference only: the maximum concurrent sequences of the requested context per GPU (what vLLM prints as "Maximum
 * concurrency" at start-up), for each candidate's GPU and for every GPU memory class.
 */
final class ConcurrencyPanel extends Div {

    /** One row: the GPU (a candidate's model and memory, or a memory class) and its concurrent sequences. */
    record Row(String gpu, BigDecimal sequences) {
    }

    private final H4 title = new H4();
    final Grid<Row> grid = new Grid<>();

    ConcurrencyPanel() {
        setId("sizing-concurrency");
        setWidthFull();
        grid.addColumn(Row::gpu).setHeader(getTranslation("sizing.concurrency.gpu")).setFlexGrow(2);
        grid.addColumn(r -> r.sequences().toPlainString()).setHeader(getTranslation("sizing.concurrency.sequences"))
                .setFlexGrow(1);
        grid.setAllRowsVisible(true);
        add(title, grid);
    }

    /** Shows the rows for an inference result; hides the panel otherwise. */
    void show(RecommendationReport r, Integer sequenceLength) {
        SizingReport.Serving serving = r.sizing().serving();
        setVisible(serving != null);
        if (serving == null) {
            return;
        }
        title.setText(getTranslation("sizing.concurrency.title", sequenceLength == null ? "" : sequenceLength));
        Map<String, Row> rows = new LinkedHashMap<>();
        for (RecommendationReport.Candidate c : r.candidates()) {
            if (c.maxConcurrentSequences() == null) {
                continue;
            }
            String gpu = c.gpuModel() + " (" + c.vramPerGpuGiB().stripTrailingZeros().toPlainString() + " GiB) × "
                    + c.gpuCount();
            rows.putIfAbsent(gpu, new Row(gpu, c.maxConcurrentSequences()));
        }
        List<Row> all = new ArrayList<>(rows.values());
        for (SizingReport.Concurrency c : serving.maxConcurrentSequences()) {
            all.add(new Row(getTranslation("sizing.concurrency.class", c.vramGiB()), c.sequences()));
        }
        grid.setItems(all);
    }
}
