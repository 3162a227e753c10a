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

/**
 * The ranked candidates of a recommendation (unit prices 4 decimals, monthly 2). When a negotiated price differs
 * from the list price for any candidate (a project whose customer has an agreement), list and net are shown side by
 * side: list unit, net unit, list monthly, net monthly. Otherwise (no customer, or no rule applies) list equals net
 * and one unit/monthly column pair is shown.
 */
public class CandidatesGrid extends Grid<Candidate> {

    private final Column<Candidate> actionsColumn;
    private BiFunction<Candidate, Integer, Component> actions;
    private List<Candidate> shown = List.of();
    private final Column<Candidate> listUnitColumn;
    private final Column<Candidate> netUnitColumn;
    private final Column<Candidate> listMonthlyColumn;
    private final Column<Candidate> netMonthlyColumn;
    private final Column<Candidate> trainingHoursColumn;
    private final Column<Candidate> jobCostColumn;
    private final Column<Candidate> throughputColumn;
    private final Column<Candidate> firstTokenColumn;
    private final Column<Candidate> tokenCostColumn;
    private final Column<Candidate> trafficColumn;

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
        // the parallelism plan in words (issue 15); runs saved before have none
        addColumn(c -> c.planDescription() == null ? "" : c.planDescription()).setKey("plan")
                .setHeader(t("sizing.grid.plan")).setAutoWidth(true);
        addColumn(Candidate::instances).setHeader(t("sizing.grid.instances")).setAutoWidth(true);
        addColumn(Candidate::gpuCount).setHeader(t("sizing.grid.gpus")).setAutoWidth(true);
        addColumn(c -> c.vramPerGpuGiB().stripTrailingZeros().toPlainString()).setHeader(t("sizing.grid.vramPerGpu"))
                .setAutoWidth(true);
        addColumn(c -> c.vramUsedPct().toPlainString() + " %").setHeader(t("sizing.grid.vramUsed")).setAutoWidth(true);
        addColumn(c -> c.ramGiB().stripTrailingZeros().toPlainString()).setHeader(t("sizing.grid.ram")).setAutoWidth(true);
        addColumn(c -> c.ramNeedGiB().toPlainString()).setHeader(t("sizing.grid.ramNeed")).setAutoWidth(true);
        addColumn(c -> "1:" + c.ramToVramRatio().setScale(2, java.math.RoundingMode.HALF_UP).toPlainString())
                .setKey("ratio").setHeader(t("sizing.grid.ratio")).setAutoWidth(true);
        addComponentColumn(CandidatesGrid::status).setHeader(t("sizing.grid.ratioStatus")).setAutoWidth(true);
        listUnitColumn = addColumn(c -> money(listUnit(c), c)).setKey("listUnitPrice")
                .setHeader(t("sizing.grid.listUnitPrice")).setAutoWidth(true);
        netUnitColumn = addColumn(c -> money(netUnit(c), c)).setKey("netUnitPrice").setAutoWidth(true);
        listMonthlyColumn = addColumn(c -> money(listMonthly(c), c)).setKey("listMonthlyPrice")
                .setHeader(t("sizing.grid.listMonthlyPrice")).setAutoWidth(true);
        netMonthlyColumn = addColumn(c -> money(netMonthly(c), c)).setKey("netMonthlyPrice").setAutoWidth(true);
        showListBesideNet(false);
        // the training job's estimate (issue 15), when training tokens were given
        trainingHoursColumn = addColumn(c -> training(c) ? hours(c) : "")
                .setKey("trainingHours").setHeader(t("sizing.grid.trainingHours")).setAutoWidth(true);
        jobCostColumn = addColumn(c -> training(c) ? money(c.performance().jobCost(), c) : "")
                .setKey("jobCost").setHeader(t("sizing.grid.jobCost")).setAutoWidth(true);
        trainingHoursColumn.setVisible(false);
        jobCostColumn.setVisible(false);
        // the serving estimate (issue 15): throughput at full load, unloaded first token, token cost, traffic
        throughputColumn = addColumn(c -> serving(c) ? t("sizing.serving.tokensPerSecond",
                        ServingText.whole(c.performance().outputTokensPerSecond()), c.performance().maxConcurrentSequences())
                        : "").setKey("outputTokensPerSecond").setHeader(t("sizing.grid.outputTokensPerSecond"))
                .setAutoWidth(true);
        firstTokenColumn = addColumn(c -> serving(c) ? ServingText.firstToken(c.performance()) : "")
                .setKey("timeToFirstToken").setHeader(t("sizing.grid.timeToFirstToken")).setAutoWidth(true);
        tokenCostColumn = addColumn(c -> serving(c) ? ServingText.perMillion(c.performance(), c.currency()) : "")
                .setKey("costPerMillionOutputTokens").setHeader(t("sizing.grid.costPerMillionOutputTokens"))
                .setAutoWidth(true);
        trafficColumn = addColumn(c -> serving(c) ? ServingText.traffic(c.performance(), c.currency()) : "")
                .setKey("traffic").setHeader(t("sizing.grid.traffic")).setAutoWidth(true);
        throughputColumn.setVisible(false);
        firstTokenColumn.setVisible(false);
        tokenCostColumn.setVisible(false);
        trafficColumn.setVisible(false);
        addColumn(c -> c.warnings().stream().map(SizingReport.Message::message).collect(Collectors.joining(" ")))
                .setHeader(t("sizing.grid.warnings")).setFlexGrow(3);
    }

    public void show(List<Candidate> candidates) {
        shown = new ArrayList<>(candidates);
        showListBesideNet(candidates.stream().anyMatch(CandidatesGrid::negotiated));
        boolean estimated = candidates.stream().anyMatch(CandidatesGrid::training);
        trainingHoursColumn.setVisible(estimated);
        jobCostColumn.setVisible(estimated);
        boolean served = candidates.stream().anyMatch(CandidatesGrid::serving);
        throughputColumn.setVisible(served);
        firstTokenColumn.setVisible(served);
        tokenCostColumn.setVisible(served);
        trafficColumn.setVisible(candidates.stream().anyMatch(c -> serving(c)
                && c.performance().replicasNeeded() != null));
        setItems(candidates);
    }

    static boolean training(Candidate c) {
        return c.performance() != null && !c.performance().serving();
    }

    static boolean serving(Candidate c) {
        return c.performance() != null && c.performance().serving();
    }

    /** Whether the list price columns are shown beside the net ones. */
    public boolean showsListBesideNet() {
        return listUnitColumn.isVisible();
    }

    private void showListBesideNet(boolean both) {
        listUnitColumn.setVisible(both);
        listMonthlyColumn.setVisible(both);
        netUnitColumn.setHeader(t(both ? "sizing.grid.netUnitPrice" : "sizing.grid.unitPrice"));
        netMonthlyColumn.setHeader(t(both ? "sizing.grid.netMonthlyPrice" : "sizing.grid.monthlyPrice"));
    }

    /** A negotiated (net) price differs from the list price. */
    static boolean negotiated(Candidate c) {
        return !same(listUnit(c), netUnit(c)) || !same(listMonthly(c), netMonthly(c));
    }

    // runs saved before list and net were kept carry only unitPrice/monthlyPrice: list = net then
    static String listUnit(Candidate c) {
        return c.listUnitPrice() != null ? c.listUnitPrice() : netUnit(c);
    }

    static String netUnit(Candidate c) {
        return c.netUnitPrice() != null ? c.netUnitPrice() : c.unitPrice();
    }

    static String listMonthly(Candidate c) {
        return c.listMonthlyPrice() != null ? c.listMonthlyPrice() : netMonthly(c);
    }

    static String netMonthly(Candidate c) {
        return c.netMonthlyPrice() != null ? c.netMonthlyPrice() : c.monthlyPrice();
    }

    private static boolean same(String a, String b) {
        if (a == null || b == null) {
            return a == b;
        }
        try {
            return new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b)) == 0;
        } catch (NumberFormatException e) {
            return a.equals(b);
        }
    }

    /** "≈ 149.7 h" (or days beyond two days), marked as an estimate; a missed deadline says so. */
    static String hours(Candidate c) {
        double h = c.performance().trainingHours().doubleValue();
        String text = h > 48 ? t("sizing.job.days", String.format(java.util.Locale.ROOT, "%.1f", h / 24))
                : t("sizing.job.hours", String.format(java.util.Locale.ROOT, "%.1f", h));
        return Boolean.FALSE.equals(c.performance().meetsDeadline()) ? text + " · " + t("sizing.job.missesDeadline") : text;
    }

    private static String money(String value, Candidate c) {
        return value == null ? "" : value + " " + c.currency();
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

    private static String t(String key, Object... args) {
        return com.vaadin.flow.component.UI.getCurrent().getTranslation(key, args);
    }
}
