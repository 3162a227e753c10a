package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/** The ranked candidates of a recommendation: list prices only (unit price 4 decimals, monthly 2). */
public class CandidatesGrid extends Grid<Candidate> {

    private final Column<Candidate> actionsColumn;
    private BiFunction<Candidate, Integer, Component> actions;
    private List<Candidate> shown = List.of();

    public CandidatesGrid() {
        super(Candidate.class, false);
        setId("sizing-candidates");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        // first and frozen, so the actions stay in reach however wide the figures make the grid
        actionsColumn = addComponentColumn(c -> actions == null ? new Span() : actions.apply(c, shown.indexOf(c)))
                .setKey("actions").setAutoWidth(true).setFlexGrow(0).setFrozen(true);
        actionsColumn.setVisible(false);
        addColumn(Candidate::instanceType).setHeader(t("sizing.grid.instanceType")).setAutoWidth(true).setFrozen(true);
        addColumn(Candidate::gpuModel).setHeader(t("sizing.grid.gpuModel")).setAutoWidth(true);
        addColumn(Candidate::instances).setHeader(t("sizing.grid.instances")).setAutoWidth(true);
        addColumn(Candidate::gpuCount).setHeader(t("sizing.grid.gpus")).setAutoWidth(true);
        addColumn(c -> c.vramPerGpuGiB().stripTrailingZeros().toPlainString()).setHeader(t("sizing.grid.vramPerGpu"))
                .setAutoWidth(true);
        addColumn(c -> c.vramUsedPct().toPlainString() + " %").setHeader(t("sizing.grid.vramUsed")).setAutoWidth(true);
        addColumn(c -> c.ramGiB().stripTrailingZeros().toPlainString()).setHeader(t("sizing.grid.ram")).setAutoWidth(true);
        addColumn(c -> c.ramNeedGiB().toPlainString()).setHeader(t("sizing.grid.ramNeed")).setAutoWidth(true);
        addColumn(c -> "1:" + c.ramToVramRatio().stripTrailingZeros().toPlainString())
                .setHeader(t("sizing.grid.ratio")).setAutoWidth(true);
        addComponentColumn(CandidatesGrid::status).setHeader(t("sizing.grid.ratioStatus")).setAutoWidth(true);
        addColumn(c -> c.unitPrice() + " " + c.currency()).setHeader(t("sizing.grid.unitPrice")).setAutoWidth(true);
        addColumn(c -> c.monthlyPrice() + " " + c.currency()).setHeader(t("sizing.grid.monthlyPrice")).setAutoWidth(true);
        addColumn(c -> c.warnings().stream().map(SizingReport.Message::message).collect(Collectors.joining(" ")))
                .setHeader(t("sizing.grid.warnings")).setFlexGrow(3);
    }

    public void show(List<Candidate> candidates) {
        shown = new ArrayList<>(candidates);
        setItems(candidates);
    }

    /** Per-row actions (candidate, index in the list) in a last column; null hides the column. */
    public void setActions(BiFunction<Candidate, Integer, Component> actions) {
        this.actions = actions;
        actionsColumn.setVisible(actions != null);
        if (!shown.isEmpty()) {
            getDataProvider().refreshAll();
        }
    }

    static Span status(Candidate c) {
        Span s = new Span(t("sizing.ratio." + c.ratioStatus()));
        s.getElement().getThemeList().add("badge");
        s.getElement().getThemeList().add(switch (c.ratioStatus()) {
            case "WITHIN" -> "success";
            case "BELOW" -> "error";
            default -> "contrast";
        });
        s.addClassName("ratio-" + c.ratioStatus());
        return s;
    }

    private static String t(String key) {
        return com.vaadin.flow.component.UI.getCurrent().getTranslation(key);
    }
}
