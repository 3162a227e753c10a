package com.gpuquote.sizing.ui;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Span;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * A stacked horizontal bar drawn on the server with plain Divs (no JavaScript): one segment per term, width
 * proportional to its GiB, plus a legend with the values. Optionally a capacity marker (e.g. the usable VRAM).
 */
public class BreakdownChart extends Div {

    /** One term of the breakdown. */
    public record Segment(String label, BigDecimal gib) {
    }

    private static final String[] COLOURS = {"#2f6fdf", "#e8833a", "#3aa657", "#c94a4a", "#8e5bd1", "#7a6a53",
            "#d46fb4", "#6b7b8c", "#2fb8c4"};

    private final Div bar = new Div();
    private final Div legend = new Div();
    private final Span title = new Span();
    private final List<Segment> shown = new ArrayList<>();

    public BreakdownChart(String id) {
        setId(id);
        setWidthFull();
        title.getStyle().set("font-weight", "600");
        bar.getStyle().set("display", "flex").set("width", "100%").set("height", "1.6em")
                .set("border-radius", "4px").set("overflow", "hidden").set("background", "var(--lumo-contrast-10pct)");
        legend.getStyle().set("display", "flex").set("flex-wrap", "wrap").set("gap", "0.4em 1.2em")
                .set("font-size", "var(--lumo-font-size-s)").set("margin-top", "0.3em");
        add(title, bar, legend);
    }

    /** Draws the segments (zero terms are left out); {@code scale} is the full bar width in GiB (≥ total). */
    public void show(String heading, List<Segment> segments, BigDecimal scale) {
        title.setText(heading);
        bar.removeAll();
        legend.removeAll();
        shown.clear();
        BigDecimal total = segments.stream().map(Segment::gib).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal full = scale != null && scale.compareTo(total) > 0 ? scale : total;
        int i = 0;
        for (Segment s : segments) {
            String colour = COLOURS[i++ % COLOURS.length];
            if (s.gib().signum() <= 0) {
                continue;
            }
            shown.add(s);
            Div part = new Div();
            part.addClassName("breakdown-segment");
            part.getElement().setAttribute("title", s.label() + ": " + s.gib().toPlainString() + " GiB");
            part.getStyle().set("width", pct(s.gib(), full) + "%").set("background", colour);
            bar.add(part);
            Span key = new Span();
            key.getStyle().set("display", "inline-block").set("width", "0.8em").set("height", "0.8em")
                    .set("background", colour).set("margin-right", "0.3em");
            Span entry = new Span(key, new Span(s.label() + " " + s.gib().toPlainString() + " GiB"));
            entry.addClassName("breakdown-legend");
            legend.add(entry);
        }
    }

    /** The segments currently drawn (non-zero), for tests. */
    /** The heading shown above the bar. */
    public String heading() {
        return title.getText();
    }

    public List<Segment> segments() {
        return List.copyOf(shown);
    }

    private static String pct(BigDecimal part, BigDecimal full) {
        if (full.signum() == 0) {
            return "0";
        }
        return part.multiply(BigDecimal.valueOf(100)).divide(full, 2, RoundingMode.HALF_UP).toPlainString();
    }
}
