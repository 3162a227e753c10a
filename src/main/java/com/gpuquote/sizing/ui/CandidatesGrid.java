package com.gpuquote.sizing.ui;

import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.data.renderer.LitRenderer;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The ranked candidates of a recommendation (unit prices 4 decimals, monthly 2). In view: instance type, plan, GPUs,
 * fit (VRAM used, RAM:VRAM status), monthly price and the estimate; everything else is in the row's details, so the
 * grid fits a 1,280 px screen (issue 12). When a negotiated price differs from the list price for any candidate (a
 * project whose customer has an agreement), list and net monthly prices are shown side by side and the details give
 * list and net unit prices. Otherwise (no customer, or no rule applies) list equals net and one price is shown.
 */
public class CandidatesGrid extends Grid<Candidate> {

    private final Column<Candidate> actionsColumn;
    private BiFunction<Candidate, Integer, Component> actions;
    private List<Candidate> shown = List.of();
    private final Column<Candidate> netUnitColumn;
    private final Column<Candidate> listMonthlyColumn;
    private final Column<Candidate> netMonthlyColumn;
    private final Column<Candidate> trainingHoursColumn;
    private final Column<Candidate> jobCostColumn;
    private final Column<Candidate> throughputColumn;
    private final Column<Candidate> tokenCostColumn;

    /**
     * Columns kept out of view: their figures are in each row's details (opened by the row's toggle), so the columns
     * a consultant decides by (plan, GPUs, fit, price, the estimate) fit a 1,280 px screen (issue 12).
     */
    private final java.util.Map<String, Column<Candidate>> secondary = new java.util.LinkedHashMap<>();
    private final java.util.Map<String, java.util.function.Function<Candidate, String>> secondaryValues =
            new java.util.LinkedHashMap<>();
    private boolean negotiatedShown;
    private final Column<Candidate> gpusColumn;
    private final Column<Candidate> statusColumn;

    public CandidatesGrid() {
        super(Candidate.class, false);
        setId("sizing-candidates");
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        setAllRowsVisible(true);
        setDetailsVisibleOnClick(false);
        setItemDetailsRenderer(new com.vaadin.flow.data.renderer.ComponentRenderer<>(this::details));
        // first and frozen, so the actions stay in reach however wide the figures make the grid
        actionsColumn = addComponentColumn(c -> actions == null ? new Span() : actions.apply(c, shown.indexOf(c)))
                .setKey("actions").setAutoWidth(true).setFlexGrow(0).setFrozen(true);
        actionsColumn.setVisible(false);
        addColumn(Candidate::instanceType).setKey("instanceType").setHeader(t("sizing.grid.instanceType"))
                .setWidth("9rem").setFlexGrow(0).setFrozen(true);
        // the parallelism plan in words (issue 15); runs saved before have none
        addColumn(c -> c.planDescription() == null ? "" : c.planDescription()).setKey("plan")
                .setHeader(t("sizing.grid.plan")).setWidth("8rem").setFlexGrow(3);
        gpusColumn = addColumn(Candidate::gpuCount).setKey("gpus").setHeader(t("sizing.grid.gpus")).setWidth("3.5rem")
                .setFlexGrow(0);
        addColumn(c -> c.vramUsedPct().toPlainString() + " %").setKey("vramUsed").setHeader(t("sizing.grid.vramUsed"))
                .setWidth("5.5rem").setFlexGrow(0);
        // status badge and details toggle are Lit templates rendered in the browser, not server components: two
        // fewer components (and their nodes and round-trip state) per row on the sizing view's first load (issue 12)
        statusColumn = addColumn(LitRenderer.<Candidate>of(
                        "<span theme=\"badge ${item.badge}\" class=\"ratio-${item.status}\">${item.label}</span>")
                        .withProperty("badge", CandidatesGrid::badge)
                        .withProperty("status", Candidate::ratioStatus)
                        .withProperty("label", c -> t("sizing.ratio." + c.ratioStatus())))
                .setKey("ratioStatus")
                .setHeader(t("sizing.grid.ratioStatus")).setWidth("6rem").setFlexGrow(0);
        listMonthlyColumn = addColumn(c -> money(listMonthly(c), c)).setKey("listMonthlyPrice")
                .setHeader(t("sizing.grid.listMonthlyPrice")).setWidth("7rem").setFlexGrow(1);
        netMonthlyColumn = addColumn(c -> money(netMonthly(c), c)).setKey("netMonthlyPrice").setWidth("7rem")
                .setFlexGrow(1);
        // the training job's estimate (issue 15), when training tokens were given
        trainingHoursColumn = addColumn(c -> training(c) ? hours(c) : "")
                .setKey("trainingHours").setHeader(t("sizing.grid.trainingHours")).setWidth("6.5rem").setFlexGrow(1);
        jobCostColumn = addColumn(c -> training(c) ? money(c.performance().jobCost(), c) : "")
                .setKey("jobCost").setHeader(t("sizing.grid.jobCost")).setWidth("7.5rem").setFlexGrow(1);
        trainingHoursColumn.setVisible(false);
        jobCostColumn.setVisible(false);
        // the serving estimate (issue 15): throughput at full load and token cost in view, the rest in the details
        throughputColumn = addColumn(c -> serving(c) ? t("sizing.serving.tokensPerSecondShort",
                        ServingText.whole(c.performance().outputTokensPerSecond())) : "")
                .setKey("outputTokensPerSecond").setHeader(t("sizing.grid.outputTokensPerSecond")).setWidth("6rem")
                .setFlexGrow(1);
        tokenCostColumn = addColumn(c -> serving(c) ? ServingText.perMillion(c.performance(), c.currency()) : "")
                .setKey("costPerMillionOutputTokens").setHeader(t("sizing.grid.costPerMillionOutputTokens"))
                .setWidth("6.5rem").setFlexGrow(1);
        throughputColumn.setVisible(false);
        tokenCostColumn.setVisible(false);
        String detailsLabel = t("sizing.grid.details");
        addColumn(LitRenderer.<Candidate>of("<vaadin-button class=\"candidate-details-toggle\" "
                        + "theme=\"tertiary-inline icon\" aria-label=\"${item.toggleLabel}\" title=\"${item.toggleLabel}\" "
                        + "@click=\"${toggle}\"><vaadin-icon icon=\"vaadin:chevron-down-small\"></vaadin-icon></vaadin-button>")
                        .withProperty("toggleLabel", c -> detailsLabel)
                        .withFunction("toggle", c -> setDetailsVisible(c, !isDetailsVisible(c))))
                .setKey("details").setWidth("3rem").setFlexGrow(0);

        // with list beside net the GPUs and the RAM:VRAM status move here, so the grid still fits 1,280 px
        secondary("gpuCount", "sizing.grid.gpus", c -> negotiatedShown ? String.valueOf(c.gpuCount()) : "");
        secondary("ratioStatusText", "sizing.grid.ratioStatus",
                c -> negotiatedShown ? t("sizing.ratio." + c.ratioStatus()) : "");
        secondary("gpuModel", "sizing.grid.gpuModel", Candidate::gpuModel);
        secondary("instances", "sizing.grid.instances", c -> String.valueOf(c.instances()));
        secondary("vramPerGpu", "sizing.grid.vramPerGpu", c -> c.vramPerGpuGiB().stripTrailingZeros().toPlainString());
        secondary("ram", "sizing.grid.ram", c -> c.ramGiB().stripTrailingZeros().toPlainString());
        secondary("ramNeed", "sizing.grid.ramNeed", c -> c.ramNeedGiB().toPlainString());
        secondary("ratio", "sizing.grid.ratio",
                c -> "1:" + c.ramToVramRatio().setScale(2, java.math.RoundingMode.HALF_UP).toPlainString());
        secondary("listUnitPrice", "sizing.grid.listUnitPrice", c -> money(listUnit(c), c));
        netUnitColumn = secondary("netUnitPrice", "sizing.grid.unitPrice", c -> money(netUnit(c), c));
        secondary("maxConcurrentSequences", "sizing.grid.inFlight", c -> serving(c)
                ? String.valueOf(c.performance().maxConcurrentSequences()) : "");
        secondary("timeToFirstToken", "sizing.grid.timeToFirstToken",
                c -> serving(c) ? ServingText.firstToken(c.performance()) : "");
        secondary("traffic", "sizing.grid.traffic",
                c -> serving(c) ? ServingText.traffic(c.performance(), c.currency()) : "");
        secondary("warnings", "sizing.grid.warnings",
                c -> c.warnings().stream().map(SizingReport.Message::message).collect(Collectors.joining(" ")));
        showListBesideNet(false);
    }

    /** A column kept out of view (for its key and header) whose value the row's details show. */
    private Column<Candidate> secondary(String key, String header, java.util.function.Function<Candidate, String> value) {
        Column<Candidate> c = addColumn(value::apply).setKey(key).setHeader(t(header));
        c.setVisible(false);
        secondary.put(key, c);
        secondaryValues.put(key, value);
        return c;
    }

    /** The figures kept out of view, as "header: value" pairs (empty values left out). */
    com.vaadin.flow.component.html.Div details(Candidate c) {
        com.vaadin.flow.component.html.Div d = new com.vaadin.flow.component.html.Div();
        d.addClassName("candidate-details");
        d.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "var(--lumo-space-xs) var(--lumo-space-l)")
                .set("padding", "var(--lumo-space-xs) var(--lumo-space-m)").set("font-size", "var(--lumo-font-size-s)");
        secondaryValues.forEach((key, value) -> {
            if (key.equals("listUnitPrice") && !negotiatedShown) {
                return;
            }
            String text = value.apply(c);
            if (text == null || text.isBlank()) {
                return;
            }
            Span field = new Span(secondary.get(key).getHeaderText() + ": " + text);
            field.getElement().setAttribute("data-field", key);
            d.add(field);
        });
        return d;
    }

    /** The text of a row's details (tests and the browser read the same). */
    String detailsText(Candidate c) {
        return details(c).getChildren().map(ch -> ((Span) ch).getText()).collect(Collectors.joining(" · "));
    }

    public void show(List<Candidate> candidates) {
        shown = new ArrayList<>(candidates);
        showListBesideNet(candidates.stream().anyMatch(CandidatesGrid::negotiated));
        boolean estimated = candidates.stream().anyMatch(CandidatesGrid::training);
        trainingHoursColumn.setVisible(estimated);
        jobCostColumn.setVisible(estimated);
        boolean served = candidates.stream().anyMatch(CandidatesGrid::serving);
        throughputColumn.setVisible(served);
        tokenCostColumn.setVisible(served);
        trafficShown = candidates.stream().anyMatch(c -> serving(c) && c.performance().replicasNeeded() != null);
        setItems(candidates);
    }

    private boolean trafficShown;

    /** Whether the traffic figures (replicas, instances, price for the traffic) are in the rows' details. */
    public boolean showsTraffic() {
        return trafficShown;
    }

    static boolean training(Candidate c) {
        return c.performance() != null && !c.performance().serving();
    }

    static boolean serving(Candidate c) {
        return c.performance() != null && c.performance().serving();
    }

    /** Whether the list price columns are shown beside the net ones. */
    public boolean showsListBesideNet() {
        return listMonthlyColumn.isVisible();
    }

    private void showListBesideNet(boolean both) {
        negotiatedShown = both;
        listMonthlyColumn.setVisible(both);
        gpusColumn.setVisible(!both);
        statusColumn.setVisible(!both);
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

    /** The Lumo badge variant of a RAM:VRAM status. */
    static String badge(Candidate c) {
        return switch (c.ratioStatus()) {
            case "WITHIN" -> "success";
            case "BELOW" -> "error";
            default -> "contrast";
        };
    }

    private static String t(String key, Object... args) {
        return com.vaadin.flow.component.UI.getCurrent().getTranslation(key, args);
    }
}
