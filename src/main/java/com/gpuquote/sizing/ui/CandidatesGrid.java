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
 * The ranked candidates of a recommendation (through {@code DisplayFormat}: unit prices with their billing unit,
 * "¥10.00 / 小时", amounts "¥7,300.00"). In view: instance type, plan, GPUs,
 * fit (VRAM used, RAM:VRAM status), monthly price and the estimate; everything else is in the row's details, so the
 * grid fits a 1,280 px screen (issue 12). When a negotiated price differs from the list price for any candidate (a
 * project whose customer has an agreement), list and net monthly prices are shown side by side and the details give
 * list and net unit prices. Otherwise (no customer, or no rule applies) list equals net and one price is shown.
 */
public class CandidatesGrid extends Grid<Candidate> {

    private final Column<Candidate> actionsColumn;
    private BiFunction<Candidate, Integer, Component> actions;
    private List<Candidate> shown = List.of();
    private final Column<Candidate> listMonthlyColumn;
    private final Column<Candidate> netMonthlyColumn;

    /**
     * Figures kept out of view: they are in each row's details (opened by the row's toggle), so the columns a
     * consultant decides by (plan, GPUs, fit, price, the estimate) fit a 1,280 px screen (issue 12). Their columns
     * (hidden, for their keys and headers) are not built up front: {@link #getColumnByKey} builds one when asked for
     * it, so the view's first response does not carry a dozen columns nobody sees (ADR 1202).
     */
    private final java.util.Map<String, String> secondaryHeaders = new java.util.LinkedHashMap<>();
    private final java.util.Map<String, java.util.function.Function<Candidate, String>> secondaryValues =
            new java.util.LinkedHashMap<>();
    /** Columns built when first needed (asked for by key, or shown): key to builder. */
    private final java.util.Map<String, java.util.function.Supplier<Column<Candidate>>> onDemand =
            new java.util.HashMap<>();
    /** Every column's key in display order, the on-demand ones included. */
    private final List<String> order = new ArrayList<>();
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
        listMonthlyColumn = addColumn(c -> SizingPrices.amount(listMonthly(c), c.currency()))
                .setKey("listMonthlyPrice").setHeader(t("sizing.grid.listMonthlyPrice")).setWidth("7rem").setFlexGrow(1);
        netMonthlyColumn = addColumn(c -> SizingPrices.amount(netMonthly(c), c.currency())).setKey("netMonthlyPrice")
                .setWidth("7rem").setFlexGrow(1);
        // the training job's estimate (issue 15), when training tokens were given
        // (built when a result has them, or when asked for by key; hidden until then)
        order.addAll(getColumns().stream().map(Column::getKey).toList());
        onDemand("trainingHours", () -> addColumn(c -> training(c) ? hours(c) : "")
                .setHeader(t("sizing.grid.trainingHours")).setWidth("6.5rem").setFlexGrow(1));
        onDemand("jobCost", () -> addColumn(c -> training(c)
                        ? SizingPrices.amount(c.performance().jobCost(), c.currency()) : "")
                .setHeader(t("sizing.grid.jobCost")).setWidth("7.5rem").setFlexGrow(1));
        // the serving estimate (issue 15): throughput at full load and token cost in view, the rest in the details
        onDemand("outputTokensPerSecond", () -> addColumn(c -> serving(c) ? t("sizing.serving.tokensPerSecondShort",
                        ServingText.whole(c.performance().outputTokensPerSecond())) : "")
                .setHeader(t("sizing.grid.outputTokensPerSecond")).setWidth("6rem").setFlexGrow(1));
        onDemand("costPerMillionOutputTokens", () -> addColumn(
                        c -> serving(c) ? ServingText.perMillion(c.performance(), c.currency()) : "")
                .setHeader(t("sizing.grid.costPerMillionOutputTokens")).setWidth("6.5rem").setFlexGrow(1));
        String detailsLabel = t("sizing.grid.details");
        addColumn(LitRenderer.<Candidate>of("<vaadin-button class=\"candidate-details-toggle\" "
                        + "theme=\"tertiary-inline icon\" aria-label=\"${item.toggleLabel}\" title=\"${item.toggleLabel}\" "
                        + "@click=\"${toggle}\"><vaadin-icon icon=\"vaadin:chevron-down-small\"></vaadin-icon></vaadin-button>")
                        .withProperty("toggleLabel", c -> detailsLabel)
                        .withFunction("toggle", c -> setDetailsVisible(c, !isDetailsVisible(c))))
                .setKey("details").setWidth("3rem").setFlexGrow(0);
        order.add("details");

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
        secondary("listUnitPrice", "sizing.grid.listUnitPrice", c -> unitPrice(listUnit(c), c));
        secondary("netUnitPrice", "sizing.grid.unitPrice", c -> unitPrice(netUnit(c), c));
        secondary("maxConcurrentSequences", "sizing.grid.inFlight", c -> serving(c)
                ? String.valueOf(c.performance().maxConcurrentSequences()) : "");
        secondary("timeToFirstToken", "sizing.grid.timeToFirstToken",
                c -> serving(c) ? ServingText.firstToken(c.performance()) : "");
        secondary("operatingPoint", "sizing.grid.operatingPoint",
                c -> serving(c) ? ServingText.operatingPoint(c.performance()) : "");
        secondary("traffic", "sizing.grid.traffic",
                c -> serving(c) ? ServingText.traffic(c.performance(), c.currency()) : "");
        secondary("warnings", "sizing.grid.warnings",
                c -> c.warnings().stream().map(SizingReport.Message::message).collect(Collectors.joining(" ")));
        showListBesideNet(false);
    }

    /** A figure kept out of view whose value the row's details show; its column is built only when asked for. */
    private void secondary(String key, String header, java.util.function.Function<Candidate, String> value) {
        secondaryHeaders.put(key, header);
        secondaryValues.put(key, value);
        onDemand(key, () -> addColumn(value::apply).setHeader(secondaryHeader(key)));
    }

    /** The header of a figure kept out of view (the net unit price's depends on whether list is shown beside it). */
    private String secondaryHeader(String key) {
        if (key.equals("netUnitPrice") && negotiatedShown) {
            return t("sizing.grid.netUnitPrice");
        }
        return t(secondaryHeaders.get(key));
    }

    private void onDemand(String key, java.util.function.Supplier<Column<Candidate>> builder) {
        order.add(key);
        onDemand.put(key, builder);
    }

    /**
     * The column of that key; a column built on demand (hidden) is built now, in its place among the others. Code
     * that shows a hidden figure as a column ({@code getColumnByKey(key).setVisible(true)}) works as before.
     */
    @Override
    public Column<Candidate> getColumnByKey(String key) {
        Column<Candidate> column = super.getColumnByKey(key);
        // (onDemand is null while Grid's own constructor runs)
        if (column != null || key == null || onDemand == null || !onDemand.containsKey(key)) {
            return column;
        }
        column = onDemand.get(key).get().setKey(key);
        column.setVisible(false);
        setColumnOrder(order.stream().map(super::getColumnByKey).filter(java.util.Objects::nonNull).toList());
        return column;
    }

    /** Shows an on-demand column (building it) or hides it if it was ever built. */
    private void showColumn(String key, boolean visible) {
        if (visible) {
            getColumnByKey(key).setVisible(true);
        } else if (super.getColumnByKey(key) != null) {
            super.getColumnByKey(key).setVisible(false);
        }
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
            Span field = new Span(secondaryHeader(key) + ": " + text);
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
        showColumn("trainingHours", estimated);
        showColumn("jobCost", estimated);
        boolean served = candidates.stream().anyMatch(CandidatesGrid::serving);
        showColumn("outputTokensPerSecond", served);
        showColumn("costPerMillionOutputTokens", served);
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
        Column<Candidate> netUnit = super.getColumnByKey("netUnitPrice");
        if (netUnit != null) {
            netUnit.setHeader(secondaryHeader("netUnitPrice"));
        }
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

    /** A unit price with currency and the unit of the candidate's billing mode: {@code ¥10.00 / 小时}. */
    private static String unitPrice(String value, Candidate c) {
        return SizingPrices.unitPrice(value, c.currency(), c.billingMode());
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
