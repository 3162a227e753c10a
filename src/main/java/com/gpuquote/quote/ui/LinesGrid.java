package com.gpuquote.quote.ui;

import com.gpuquote.pricing.BillingMode;
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
 * The instance lines of one option. In a DRAFT every input cell is an editor and each change is reported at once
 * ({@code onChange}) so the totals are recomputed; the priced columns show list/net unit price, monthly and term
 * amounts, the below-floor flag, the waterfall, and the margin only when the row has one (tenant admins).
 */
class LinesGrid extends Grid<LineRow> {

    static final String COL_INSTANCE = "instanceType", COL_REGION = "region", COL_MODE = "billingMode",
            COL_QTY = "quantity", COL_TERM = "termMonths", COL_HOURS = "hoursPerMonth", COL_DISCOUNT = "discount",
            COL_FLAG = "flag", COL_MARGIN = "margin", COL_WATERFALL = "waterfall", COL_REMOVE = "remove";

    private final Map<String, Set<String>> catalog;
    private final boolean editable;
    private final Runnable onChange;
    private List<LineRow> rows = List.of();

    LinesGrid(Map<String, Set<String>> catalog, boolean editable, boolean showMargin, Runnable onChange) {
        super(LineRow.class, false);
        this.catalog = catalog;
        this.editable = editable;
        this.onChange = onChange;
        addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        setAllRowsVisible(true);
        addClassName("quote-lines");
        if (editable) {
            addComponentColumn(this::instanceEditor).setKey(COL_INSTANCE).setHeader(t("quote.line.instanceType")).setWidth("14rem");
            addComponentColumn(this::regionEditor).setKey(COL_REGION).setHeader(t("quote.line.region")).setWidth("10rem");
            addComponentColumn(this::modeEditor).setKey(COL_MODE).setHeader(t("quote.line.billingMode")).setWidth("9rem");
            addComponentColumn(r -> intEditor(r.input.quantity(), 1, v -> with(r, v, null, null)))
                    .setKey(COL_QTY).setHeader(t("quote.line.quantity")).setWidth("6rem");
            addComponentColumn(r -> intEditor(r.input.termMonths(), 1, v -> with(r, null, v, null)))
                    .setKey(COL_TERM).setHeader(t("quote.line.termMonths")).setWidth("6rem");
            addComponentColumn(r -> intEditor(r.input.hoursPerMonth(), 1, v -> with(r, null, null, v)))
                    .setKey(COL_HOURS).setHeader(t("quote.line.hoursPerMonth")).setWidth("6rem");
            addComponentColumn(this::discountEditor).setKey(COL_DISCOUNT).setHeader(t("quote.line.manualDiscount")).setWidth("7rem");
        } else {
            addColumn(r -> r.input.instanceType()).setKey(COL_INSTANCE).setHeader(t("quote.line.instanceType")).setAutoWidth(true);
            addColumn(r -> r.input.region()).setKey(COL_REGION).setHeader(t("quote.line.region"));
            addColumn(r -> t("quote.billingMode." + r.input.billingMode())).setKey(COL_MODE).setHeader(t("quote.line.billingMode"));
            addColumn(r -> r.input.quantity()).setKey(COL_QTY).setHeader(t("quote.line.quantity"));
            addColumn(r -> r.input.termMonths()).setKey(COL_TERM).setHeader(t("quote.line.termMonths"));
            addColumn(r -> r.input.hoursPerMonth()).setKey(COL_HOURS).setHeader(t("quote.line.hoursPerMonth"));
            addColumn(r -> Format.percent(r.input.manualDiscountPercent())).setKey(COL_DISCOUNT).setHeader(t("quote.line.manualDiscount"));
        }
        priced("listUnit", "quote.line.listUnitPrice", r -> Format.unit(r.priced.listUnitPrice()));
        priced("netUnit", "quote.line.netUnitPrice", r -> Format.unit(r.priced.netUnitPrice()));
        priced("monthly", "quote.line.monthlyAmount", r -> Format.amount(r.priced.monthlyAmount()));
        priced("term", "quote.line.termAmount", r -> Format.amount(r.priced.termAmount()));
        addComponentColumn(this::flag).setKey(COL_FLAG).setHeader("").setAutoWidth(true);
        if (showMargin) {
            addColumn(r -> r.margin == null ? "—" : Format.amount(r.margin.marginAmount()) + " ("
                    + Format.percent(r.margin.marginPercent()) + ")").setKey(COL_MARGIN).setHeader(t("quote.line.margin"))
                    .setTextAlign(ColumnTextAlign.END).setAutoWidth(true);
        }
        addComponentColumn(r -> {
            Button b = new Button(VaadinIcon.BAR_CHART_H.create(), e -> new WaterfallDialog(r.priced, r.margin).open());
            b.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
            b.setTooltipText(t("quote.line.waterfall"));
            b.setEnabled(r.priced != null);
            b.addClassName("waterfall-button");
            return b;
        }).setKey(COL_WATERFALL).setWidth("4rem").setFlexGrow(0);
        if (editable) {
            addComponentColumn(r -> {
                Button b = new Button(VaadinIcon.TRASH.create(), e -> {
                    rows = rows.stream().filter(x -> x != r).toList();
                    setItems(rows);
                    onChange.run();
                });
                b.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ERROR);
                b.setTooltipText(t("quote.line.remove"));
                return b;
            }).setKey(COL_REMOVE).setWidth("4rem").setFlexGrow(0);
        }
    }

    void show(List<LineRow> lines) {
        rows = List.copyOf(lines);
        setItems(rows);
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

    private void priced(String key, String header, java.util.function.Function<LineRow, String> value) {
        addColumn(r -> r.priced == null ? "" : value.apply(r)).setKey(key).setHeader(t(header))
                .setTextAlign(ColumnTextAlign.END).setAutoWidth(true);
    }

    private Component flag(LineRow r) {
        Span s = new Span();
        if (r.priced != null && r.priced.belowFloor()) {
            s.setText(t("quote.line.belowFloor"));
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

    private Component instanceEditor(LineRow r) {
        ComboBox<String> box = new ComboBox<>();
        box.setItems(catalog.keySet().stream().sorted().toList());
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

    private Component intEditor(Integer value, int min, java.util.function.Consumer<Integer> set) {
        IntegerField f = new IntegerField();
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
