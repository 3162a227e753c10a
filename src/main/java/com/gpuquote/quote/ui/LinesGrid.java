package com.gpuquote.quote.ui;

import com.gpuquote.commercial.Money;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteInput.Line;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The instance lines of one option. The columns a consultant decides by stay in view at 1280 px without scrolling
 * sideways: instance type, GPUs, billing mode, quantity, net unit price with its unit, monthly amount and the
 * below-floor flag (with how far when the floor price may be shown). Region, term, hours, manual discount, list unit
 * price, term amount, floor price and (tenant admins) the margin sit in each line's details row, opened by the
 * chevron. In a DRAFT every input is an editor and each change is reported at once ({@code onChange}) so the totals
 * are recomputed.
 */
class LinesGrid extends Grid<LineRow> {

    static final String COL_INSTANCE = "instanceType", COL_GPUS = "gpus", COL_REGION = "region", COL_MODE = "billingMode",
            COL_QTY = "quantity", COL_TERM = "termMonths", COL_HOURS = "hoursPerMonth", COL_DISCOUNT = "discount",
            COL_NET = "netUnit", COL_MONTHLY = "monthly", COL_FLAG = "flag", COL_MARGIN = "margin",
            COL_WATERFALL = "waterfall", COL_REMOVE = "remove", COL_DETAILS = "details", COL_SIZING = "sizing";
    /** The keys of the columns in view; everything else is in the details row. */
    static final List<String> DECISION_COLUMNS = List.of(COL_DETAILS, COL_INSTANCE, COL_GPUS, COL_MODE, COL_QTY,
            COL_NET, COL_MONTHLY, COL_FLAG, COL_WATERFALL);

    private final Map<String, Set<String>> catalog;
    private Set<String> withheld = Set.of();
    private final Map<String, String> gpus;
    private final boolean editable;
    /** See {@link #approved(boolean)}. */
    private boolean approved;
    private final boolean showMargin;
    private final Runnable onChange;
    private Map<com.gpuquote.quote.QuoteLineId, java.math.BigDecimal> floors = Map.of();
    private List<LineRow> rows = List.of();

    LinesGrid(Map<String, Set<String>> catalog, Map<String, String> gpus, boolean editable, boolean showMargin,
              Runnable onChange) {
        super(LineRow.class, false);
        this.catalog = catalog;
        this.gpus = gpus;
        this.editable = editable;
        this.showMargin = showMargin;
        this.onChange = onChange;
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        setAllRowsVisible(true);
        addClassName("quote-lines");
        setDetailsVisibleOnClick(false);
        setItemDetailsRenderer(new com.vaadin.flow.data.renderer.ComponentRenderer<>(this::details));
        addComponentColumn(this::detailsToggle).setKey(COL_DETAILS).setWidth("2.5rem").setFlexGrow(0);
        if (editable) {
            addComponentColumn(this::instanceEditor).setKey(COL_INSTANCE).setHeader(t("quote.line.instanceType"))
                    .setWidth("12rem").setFlexGrow(1);
        } else {
            addColumn(r -> r.input.instanceType()).setKey(COL_INSTANCE).setHeader(t("quote.line.instanceType"))
                    .setWidth("11rem").setFlexGrow(1);
        }
        addColumn(r -> gpus.getOrDefault(r.input.instanceType(), "")).setKey(COL_GPUS).setHeader(t("quote.line.gpus"))
                .setWidth("6rem").setFlexGrow(0);
        if (editable) {
            addComponentColumn(this::modeEditor).setKey(COL_MODE).setHeader(t("quote.line.billingMode")).setWidth("7rem").setFlexGrow(0);
            addComponentColumn(r -> intEditor(r.input.quantity(), 1, "quote.line.quantity", v -> with(r, v, null, null)))
                    .setKey(COL_QTY).setHeader(t("quote.line.quantity")).setWidth("4.5rem").setFlexGrow(0);
        } else {
            addColumn(r -> t("quote.billingMode." + r.input.billingMode())).setKey(COL_MODE)
                    .setHeader(t("quote.line.billingMode")).setWidth("7rem").setFlexGrow(0);
            addColumn(r -> r.input.quantity()).setKey(COL_QTY).setHeader(t("quote.line.quantity"))
                    .setWidth("4.5rem").setFlexGrow(0).setTextAlign(ColumnTextAlign.END);
        }
        addColumn(r -> r.priced == null ? "" : unitPrice(r, r.priced.netUnitPrice())).setKey(COL_NET)
                .setHeader(t("quote.line.netUnitPrice")).setTextAlign(ColumnTextAlign.END).setWidth("8.5rem").setFlexGrow(0);
        addColumn(r -> r.priced == null ? "" : Format.amount(r.priced.monthlyAmount())).setKey(COL_MONTHLY)
                .setHeader(t("quote.line.monthlyAmount")).setTextAlign(ColumnTextAlign.END).setWidth("7rem").setFlexGrow(0);
        addComponentColumn(this::flag).setKey(COL_FLAG).setHeader(t("quote.line.floor")).setWidth("6.5rem").setFlexGrow(1);
        addComponentColumn(r -> {
            Button b = new Button(VaadinIcon.BAR_CHART_H.create(), e -> new WaterfallDialog(r.priced, r.margin).open());
            b.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ICON);
            b.setTooltipText(t("quote.line.waterfall"));
            b.setAriaLabel(t("quote.line.waterfall") + " · " + r.input.instanceType());
            b.setEnabled(r.priced != null);
            b.addClassName("waterfall-button");
            return b;
        }).setKey(COL_WATERFALL).setWidth("2.75rem").setFlexGrow(0);
        if (editable) {
            addComponentColumn(r -> {
                Button b = new Button(VaadinIcon.TRASH.create(), e -> {
                    rows = rows.stream().filter(x -> x != r).toList();
                    setItems(rows);
                    onChange.run();
                });
                b.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_ICON);
                b.setTooltipText(t("quote.line.remove"));
                b.setAriaLabel(t("quote.line.remove") + " · " + r.input.instanceType());
                return b;
            }).setKey(COL_REMOVE).setWidth("2.75rem").setFlexGrow(0);
        }
    }

    /** Line id → lowest unit price without approval, when the caller may see it (admins; consultants if allowed). */
    void floors(Map<com.gpuquote.quote.QuoteLineId, java.math.BigDecimal> floorUnitPrices) {
        this.floors = floorUnitPrices;
    }

    /** Issue 39: deprecated types a line may keep but not be changed to. */
    void withhold(Set<String> deprecated) {
        this.withheld = Set.copyOf(deprecated);
    }

    /** The details of a line: the inputs and figures that are not needed to decide, editable in a DRAFT. */
    com.vaadin.flow.component.formlayout.FormLayout details(LineRow r) {
        var form = new com.vaadin.flow.component.formlayout.FormLayout();
        form.addClassName("line-details");
        form.setResponsiveSteps(new com.vaadin.flow.component.formlayout.FormLayout.ResponsiveStep("0", 2),
                new com.vaadin.flow.component.formlayout.FormLayout.ResponsiveStep("40rem", 4));
        if (editable) {
            form.add(labelled(regionEditor(r), COL_REGION, "quote.line.region"),
                    labelled(intEditor(r.input.termMonths(), 1, "quote.line.termMonths", v -> with(r, null, v, null)),
                            COL_TERM, "quote.line.termMonths"),
                    labelled(intEditor(r.input.hoursPerMonth(), 1, "quote.line.hoursPerMonth", v -> with(r, null, null, v)),
                            COL_HOURS, "quote.line.hoursPerMonth"),
                    labelled(discountEditor(r), COL_DISCOUNT, "quote.line.manualDiscount"));
        } else {
            form.add(readOnly(COL_REGION, "quote.line.region", r.input.region()),
                    readOnly(COL_TERM, "quote.line.termMonths", String.valueOf(r.input.termMonths())),
                    readOnly(COL_HOURS, "quote.line.hoursPerMonth", r.input.hoursPerMonth() == null ? "—"
                            : String.valueOf(r.input.hoursPerMonth())),
                    readOnly(COL_DISCOUNT, "quote.line.manualDiscount", Format.percent(r.input.manualDiscountPercent())));
        }
        if (r.priced != null) {
            form.add(readOnly("listUnit", "quote.line.listUnitPrice", unitPrice(r, r.priced.listUnitPrice())),
                    readOnly("term", "quote.line.termAmount", Format.amount(r.priced.termAmount())));
            java.math.BigDecimal floor = floorOf(r);
            if (floor != null) {
                form.add(readOnly("floorPrice", "quote.line.floorPrice", unitPrice(r, floor)));
            }
        }
        // a line from sizing says what it was sized for: fit, plan and the estimates (issue 15)
        // priced at the line's own net price and billing mode (issue 39), so it follows every change of the line
        com.gpuquote.quote.pdf.LineDescriptions.sizing(r.input.sizing(),
                r.priced == null ? null : com.gpuquote.quote.ServingPrice.of(r.priced), getLocale()).ifPresent(text -> {
            Span sized = new Span(text);
            sized.addClassName("line-sizing-estimate");
            sized.getElement().setAttribute("data-field", COL_SIZING);
            form.add(sized);
            form.setColspan(sized, 4);
        });
        if (showMargin) {
            form.add(readOnly(COL_MARGIN, "quote.line.margin", r.margin == null ? "—"
                    : Format.amount(r.margin.marginAmount()) + " (" + Format.percent(r.margin.marginPercent()) + ")"));
        }
        return form;
    }

    /** The component of a line's details field ({@link #COL_TERM}, {@link #COL_MARGIN}, …), as the details row shows it. */
    Component detailsField(int rowIndex, String key) {
        return details(rows.get(rowIndex)).getChildren()
                .filter(c -> key.equals(c.getElement().getAttribute("data-field"))).findFirst()
                .map(c -> c instanceof com.vaadin.flow.component.formlayout.FormLayout.FormItem item
                        ? item.getChildren().findFirst().orElseThrow() : c)
                .orElse(null);
    }

    private Component labelled(Component field, String key, String label) {
        if (field instanceof com.vaadin.flow.component.HasLabel l) {
            l.setLabel(t(label));
        }
        field.getElement().setAttribute("data-field", key);
        return field;
    }

    private Component readOnly(String key, String label, String value) {
        com.vaadin.flow.component.textfield.TextField f = new com.vaadin.flow.component.textfield.TextField(t(label));
        f.setValue(value == null ? "" : value);
        f.setReadOnly(true);
        f.getElement().setAttribute("data-field", key);
        return f;
    }

    private Component detailsToggle(LineRow r) {
        Button b = new Button(VaadinIcon.CHEVRON_RIGHT_SMALL.create());
        b.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ICON);
        b.setAriaLabel(t("quote.line.details") + " · " + r.input.instanceType());
        b.setTooltipText(t("quote.line.details"));
        b.addClassName("line-details-toggle");
        b.getElement().setAttribute("aria-expanded", String.valueOf(isDetailsVisible(r)));
        b.addClickListener(e -> {
            boolean open = !isDetailsVisible(r);
            setDetailsVisible(r, open);
            b.setIcon((open ? VaadinIcon.CHEVRON_DOWN_SMALL : VaadinIcon.CHEVRON_RIGHT_SMALL).create());
            b.getElement().setAttribute("aria-expanded", String.valueOf(open));
        });
        return b;
    }

    private String unitPrice(LineRow r, java.math.BigDecimal price) {
        return com.gpuquote.shared.DisplayFormat.quotedUnitPrice(price, Money.CURRENCY,
                com.gpuquote.shared.DisplayFormat.Per.ofBillingMode(r.input.billingMode()), getLocale());
    }

    private java.math.BigDecimal floorOf(LineRow r) {
        if (r.margin != null && r.margin.floorUnitPrice() != null) {
            return r.margin.floorUnitPrice();
        }
        return r.priced == null ? null : floors.get(r.priced.id());
    }

    void show(List<LineRow> lines) {
        rows = List.copyOf(lines);
        setItems(rows);
    }

    /** The quote's prices are approved: a line below the floor reads "approved" rather than "needs approval". */
    void approved(boolean approved) {
        if (this.approved != approved) {
            this.approved = approved;
            getDataProvider().refreshAll();
        }
    }

    List<LineRow> rows() {
        return rows;
    }

    void add(Line line) {
        rows = new java.util.ArrayList<>(rows);
        rows.add(new LineRow(line, null, null));
        rows = List.copyOf(rows);
        setItems(rows);
        onChange.run();
    }


    /**
     * "Below margin floor" and how far: the lowest unit price without approval and the gap in percent, where the
     * caller may see the floor (admins; consultants when the tenant allows it), else that approval is needed.
     */
    private Component flag(LineRow r) {
        Span s = new Span();
        if (r.priced != null && r.priced.belowFloor() && approved) {
            // the price below the floor was approved: say so instead of asking for approval again (issue 42)
            Span below = new Span(t("quote.line.belowFloor.approved"));
            below.addClassName("below-floor");
            below.getElement().getThemeList().add("badge success small");
            s.add(below);
            s.addClassName("below-floor");
        } else if (r.priced != null && r.priced.belowFloor()) {
            java.math.BigDecimal floor = floorOf(r);
            Span below = new Span(floor == null ? t("quote.line.belowFloor.approval")
                    : getTranslation("quote.line.belowFloor.by", unitPrice(r, floor), gap(r.priced.netUnitPrice(), floor)));
            below.addClassName("below-floor");
            below.getElement().getThemeList().add("badge error small");
            s.add(below);
            s.addClassName("below-floor");
        }
        if (r.input.sizing() != null && !r.input.sizing().isEmpty()) {
            Span sizing = new Span(" " + t("quote.line.sizing"));
            sizing.getElement().getThemeList().add("badge");
            sizing.getElement().getThemeList().add("small");
            s.add(sizing);
        }
        return s;
    }

    /** How much the price must rise to reach the floor, in percent of the price: (floor − net) / net. */
    static String gap(java.math.BigDecimal net, java.math.BigDecimal floor) {
        if (net == null || net.signum() == 0) {
            return "—";
        }
        return com.gpuquote.shared.DisplayFormat.percent(floor.subtract(net).multiply(java.math.BigDecimal.valueOf(100))
                .divide(net, 1, java.math.RoundingMode.HALF_UP));
    }

    private Component instanceEditor(LineRow r) {
        ComboBox<String> box = new ComboBox<>();
        box.setAriaLabel(t("quote.line.instanceType"));
        box.setItems(catalog.keySet().stream()
                .filter(c -> !withheld.contains(c) || c.equals(r.input.instanceType())).sorted().toList());
        box.setValue(r.input.instanceType());
        box.setWidthFull();
        box.addClassName("line-instance-type");
        box.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                Set<String> regions = catalog.getOrDefault(e.getValue(), Set.of());
                String region = regions.contains(r.input.region()) ? r.input.region()
                        : regions.stream().findFirst().orElse(r.input.region());
                change(r, l -> new Line(l.id(), e.getValue(), region, l.billingMode(), l.quantity(), l.termMonths(),
                        l.hoursPerMonth(), l.manualDiscountPercent(), l.sizing()));
            }
        });
        return box;
    }

    private Component regionEditor(LineRow r) {
        ComboBox<String> box = new ComboBox<>();
        box.setItems(catalog.getOrDefault(r.input.instanceType(), Set.of()).stream().sorted().toList());
        box.setValue(r.input.region());
        box.setWidthFull();
        box.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                change(r, l -> new Line(l.id(), l.instanceType(), e.getValue(), l.billingMode(), l.quantity(),
                        l.termMonths(), l.hoursPerMonth(), l.manualDiscountPercent(), l.sizing()));
            }
        });
        return box;
    }

    private Component modeEditor(LineRow r) {
        Select<BillingMode> select = new Select<>();
        select.setAriaLabel(t("quote.line.billingMode"));
        select.setItems(BillingMode.values());
        select.setItemLabelGenerator(m -> t("quote.billingMode." + m.name()));
        select.setValue(r.input.billingMode());
        select.setWidthFull();
        select.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                change(r, l -> new Line(l.id(), l.instanceType(), l.region(), e.getValue(), l.quantity(),
                        l.termMonths(), l.hoursPerMonth(), l.manualDiscountPercent(), l.sizing()));
            }
        });
        return select;
    }

    private Component discountEditor(LineRow r) {
        BigDecimalField f = new BigDecimalField();
        f.setValue(r.input.manualDiscountPercent());
        f.setWidthFull();
        f.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                change(r, l -> l.withManualDiscount(e.getValue()));
            }
        });
        return f;
    }

    private Component intEditor(Integer value, int min, String label, java.util.function.Consumer<Integer> set) {
        IntegerField f = new IntegerField();
        f.setAriaLabel(t(label));
        f.setValue(value);
        f.setMin(min);
        f.setWidthFull();
        f.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                set.accept(e.getValue());
            }
        });
        return f;
    }

    private void with(LineRow r, Integer quantity, Integer term, Integer hours) {
        change(r, l -> new Line(l.id(), l.instanceType(), l.region(), l.billingMode(),
                quantity != null ? quantity : l.quantity(), term != null ? term : l.termMonths(),
                hours != null ? hours : l.hoursPerMonth(), l.manualDiscountPercent(), l.sizing()));
    }

    private void change(LineRow r, UnaryOperator<Line> edit) {
        r.input = edit.apply(r.input);
        onChange.run();
    }

    private String t(String key) {
        return getTranslation(key);
    }
}
