package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteComparison;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.quote.QuoteVersionDiff;
import com.gpuquote.quote.QuoteVersionDiff.Change;
import com.gpuquote.quote.QuoteVersionDiff.Figures;
import com.gpuquote.quote.QuoteVersionDiff.LineDiff;
import com.gpuquote.quote.QuoteVersionDiff.OptionDiff;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.grid.HeaderRow;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * "Compare versions" (issue 16): two versions of the quote side by side, option by option. Each option's grid shows
 * every line with the earlier version's figures beside the later one's and the difference; added, removed and changed
 * lines are highlighted (row parts {@code diff-added}, {@code diff-removed}, {@code diff-changed}), and each option
 * ends with its grand totals and their difference. Options are alternatives: the last line gives the quote's total only
 * for a quote of one option, otherwise it says the totals are per option (issue 39). The rule is {@link QuoteVersionDiff}, through the service.
 */
class CompareVersionsDialog extends Dialog {

    final Select<Integer> from = new Select<>();
    final Select<Integer> to = new Select<>();
    final VerticalLayout result = new VerticalLayout();
    /** The grids shown, by option letter (for tests). */
    final Map<String, Grid<LineDiff>> grids = new LinkedHashMap<>();
    QuoteComparison shown;

    private final QuoteQueries quotes;
    private final QuoteId quoteId;

    CompareVersionsDialog(QuoteDetails q, QuoteQueries quotes) {
        this.quotes = quotes;
        this.quoteId = q.id();
        setId("compare-dialog");
        setHeaderTitle(getTranslation("quote.compare.title", q.number()));
        setWidth("min(72rem, 96vw)");
        List<QuoteSummary> versions = quotes.versions(q.id());
        Map<Integer, QuoteSummary> byVersion = new LinkedHashMap<>();
        versions.forEach(v -> byVersion.put(v.version(), v));
        for (Select<Integer> s : List.of(from, to)) {
            s.setItems(byVersion.keySet());
            s.setItemLabelGenerator(v -> getTranslation("quote.compare.version", v,
                    getTranslation("quote.status." + byVersion.get(v).status().name())));
        }
        from.setWidth("16rem");
        to.setWidth("16rem");
        from.setId("compare-from");
        from.setLabel(getTranslation("quote.compare.from"));
        to.setId("compare-to");
        to.setLabel(getTranslation("quote.compare.to"));
        from.setValue(Math.max(1, q.version() - 1));
        to.setValue(q.version());
        from.addValueChangeListener(e -> refresh());
        to.addValueChangeListener(e -> refresh());
        result.setPadding(false);
        result.setId("compare-result");
        add(new HorizontalLayout(from, to), result);
        getFooter().add(new Button(getTranslation("shared.close"), e -> close()));
        refresh();
    }

    private void refresh() {
        if (from.getValue() == null || to.getValue() == null) {
            return;
        }
        QuoteUi.attempt(() -> show(quotes.compareVersions(quoteId, from.getValue(), to.getValue())));
    }

    void show(QuoteComparison c) {
        shown = c;
        result.removeAll();
        grids.clear();
        QuoteVersionDiff d = c.diff();
        Paragraph summary = new Paragraph(getTranslation("quote.compare.summary", d.added(), d.removed(), d.changed()));
        summary.setId("compare-summary");
        result.add(summary);
        for (QuoteDetails side : List.of(c.from(), c.to())) {
            if (!side.pricingErrors().isEmpty()) {
                Paragraph unpriced = new Paragraph(getTranslation("quote.compare.unpriced", side.version()));
                unpriced.addClassName("pricing-error");
                result.add(unpriced);
            }
        }
        for (OptionDiff o : d.options()) {
            String letter = o.option().name();
            H4 title = new H4(getTranslation("quote.compare.option", label(c, o),
                    getTranslation("quote.compare.option." + o.status().name())));
            title.setId("compare-option-" + letter);
            Grid<LineDiff> grid = grid(c.from().version(), c.to().version());
            grid.setId("compare-lines-" + letter);
            grid.setItems(o.lines());
            grids.put(letter, grid);
            Paragraph total = new Paragraph(getTranslation("quote.compare.total", Format.amount(o.totalBefore()),
                    Format.amount(o.totalAfter()), signed(o.difference())));
            total.setId("compare-total-" + letter);
            result.add(title, grid, total);
        }
        // issue 39: options are alternatives; never one total over them
        Paragraph overall = new Paragraph(d.totalsPerOption() ? getTranslation("quote.compare.perOption")
                : getTranslation("quote.compare.overall", Format.amount(d.totalBefore()),
                Format.amount(d.totalAfter()), signed(d.difference())));
        overall.setId("compare-overall");
        result.add(overall);
    }

    /** "A" or, when the option has a title (the later version's, else the earlier's), "A · 经济型 8 × A10". */
    private static String label(QuoteComparison c, OptionDiff o) {
        return java.util.stream.Stream.of(c.to(), c.from())
                .flatMap(q -> q.options().stream().filter(v -> v.name() == o.option()))
                .findFirst().map(com.gpuquote.quote.OptionView::label).orElse(o.option().name());
    }

    private Grid<LineDiff> grid(int before, int after) {
        Grid<LineDiff> grid = new Grid<>(LineDiff.class, false);
        // wrapped cells: the line's name (type · region · mode) is what the reader compares by, never cut off
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.setAllRowsVisible(true);
        grid.addColumn(l -> getTranslation("quote.compare.change." + l.change().name()))
                .setHeader(getTranslation("quote.compare.change")).setKey("change").setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(this::item).setHeader(getTranslation("quote.compare.item")).setKey("item")
                .setWidth("14rem").setFlexGrow(2);
        var qb = figure(grid, "quantityBefore", LineDiff::before, this::quantity, "quote.compare.quantity");
        var ub = figure(grid, "unitBefore", LineDiff::before, f -> f.unitPrice() == null ? "" : Format.unit(f.unitPrice()),
                "quote.line.netUnitPrice");
        var ab = figure(grid, "amountBefore", LineDiff::before, f -> Format.amount(f.amount()), "quote.compare.amount");
        var qa = figure(grid, "quantityAfter", LineDiff::after, this::quantity, "quote.compare.quantity");
        var ua = figure(grid, "unitAfter", LineDiff::after, f -> f.unitPrice() == null ? "" : Format.unit(f.unitPrice()),
                "quote.line.netUnitPrice");
        var aa = figure(grid, "amountAfter", LineDiff::after, f -> Format.amount(f.amount()), "quote.compare.amount");
        grid.addColumn(l -> signed(l.difference())).setHeader(getTranslation("quote.compare.difference"))
                .setKey("difference").setTextAlign(com.vaadin.flow.component.grid.ColumnTextAlign.END);
        HeaderRow top = grid.prependHeaderRow();
        top.join(qb, ub, ab).setText(getTranslation("quote.compare.side", before));
        top.join(qa, ua, aa).setText(getTranslation("quote.compare.side", after));
        grid.setPartNameGenerator(l -> l.change() == Change.UNCHANGED ? null
                : "diff-" + l.change().name().toLowerCase(Locale.ROOT));
        return grid;
    }

    private Grid.Column<LineDiff> figure(Grid<LineDiff> grid, String key, Function<LineDiff, Figures> side,
                                         Function<Figures, String> text, String header) {
        return grid.addColumn(l -> side.apply(l) == null ? "" : text.apply(side.apply(l))).setKey(key)
                .setHeader(getTranslation(header)).setAutoWidth(true)
                .setTextAlign(com.vaadin.flow.component.grid.ColumnTextAlign.END);
    }

    private String item(LineDiff l) {
        QuoteVersionDiff.Item i = l.identity();
        if (i.kind() == QuoteVersionDiff.Kind.SERVICE) {
            return getTranslation("quote.compare.service", i.description(),
                    getTranslation("quote.compare.charge." + i.charge().name()));
        }
        return i.instanceType() + " · " + i.region() + " · " + getTranslation("quote.billingMode." + i.billingMode().name());
    }

    private String quantity(Figures f) {
        return f.termMonths() == 0 ? "" : getTranslation("quote.compare.qtyTerm", f.quantity(), f.termMonths());
    }

    private static String signed(BigDecimal v) {
        if (v == null) {
            return "";
        }
        return (v.signum() > 0 ? "+" : "") + Format.amount(v);
    }
}
