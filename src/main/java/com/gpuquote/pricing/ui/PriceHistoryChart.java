package com.gpuquote.pricing.ui;

import com.gpuquote.shared.ui.Downloads;
import java.time.Clock;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.PricePoint;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.shared.time.BusinessCalendar;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYStepRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Color;
import java.awt.Rectangle;
import java.time.Instant;
import java.util.List;
import java.util.TimeZone;

/**
 * List price of one instance type over time across published versions in one region (chosen from the regions the
 * history has), one step plot per billing mode (they have very different scales), drawn on the server with JFreeChart
 * into SVG (JFreeSVG) and shown as an image. List prices only: nothing here is confidential.
 */
class PriceHistoryChart extends VerticalLayout {

    private final Clock clock;

    static final int WIDTH = 900;
    static final int HEIGHT = 560;
    /** The SVG on show (null when there is no history). */
    String svg;
    final Select<String> region = new Select<>();
    private final Image image;
    private final List<PricePoint> points;
    private final String instanceType;

    PriceHistoryChart(PriceService prices, Provider provider, String instanceType, Clock clock) {
        this.clock = clock;
        this.instanceType = instanceType;
        setId("price-history");
        setPadding(false);
        add(new H4(getTranslation("pricing.history.title", instanceType)));
        points = prices.history(provider, instanceType);
        if (points.isEmpty()) {
            svg = null;
            image = null;
            add(new Span(getTranslation("pricing.history.none")));
            return;
        }
        List<String> regions = points.stream().map(PricePoint::region).distinct().sorted().toList();
        region.setId("price-history-region");
        region.setLabel(getTranslation("pricing.history.region"));
        region.setItems(regions);
        region.setValue(regions.get(0));
        region.setVisible(regions.size() > 1);
        image = new Image();
        image.setId("price-history-image");
        image.setWidth("100%");
        image.setMaxWidth(WIDTH + "px");
        add(region, image);
        show(regions.get(0));
        region.addValueChangeListener(e -> {
            if (e.getValue() != null) {
                show(e.getValue());
            }
        });
    }

    private void show(String chosen) {
        String drawn = render(points, chosen);
        svg = drawn;
        image.setSrc(Downloads.svg("price-history-" + chosen + ".svg", () -> drawn));
        image.setAlt(getTranslation("pricing.history.title", instanceType) + " · " + chosen);
    }

    private String render(List<PricePoint> points, String region) {
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new DateAxis(getTranslation("pricing.history.time"),
                TimeZone.getTimeZone(BusinessCalendar.ZONE), getLocale()));
        long now = clock.millis();
        for (BillingMode mode : BillingMode.values()) {
            XYSeries series = new XYSeries(getTranslation("pricing.mode." + mode.name()) + " · " + region, true, true);
            for (PricePoint p : points) {
                if (p.billingMode() != mode || !p.region().equals(region)) {
                    continue;
                }
                series.addOrUpdate(p.effectiveFrom().toEpochMilli(), p.listPrice().doubleValue()); // drawing only
                long end = p.effectiveTo() == null ? Math.max(now, p.effectiveFrom().toEpochMilli()) : p.effectiveTo().toEpochMilli() - 1;
                series.addOrUpdate(end, p.listPrice().doubleValue());
            }
            if (series.isEmpty()) {
                continue;
            }
            NumberAxis axis = new NumberAxis(getTranslation("pricing.mode." + mode.name()));
            axis.setAutoRangeIncludesZero(false);
            XYStepRenderer renderer = new XYStepRenderer();
            renderer.setSeriesPaint(0, new Color(0x1f, 0x6f, 0xeb));
            XYPlot sub = new XYPlot(new XYSeriesCollection(series), null, axis, renderer);
            sub.setBackgroundPaint(Color.WHITE);
            sub.setRangeGridlinePaint(Color.LIGHT_GRAY);
            plot.add(sub, 1);
        }
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGDocument();
    }
}
