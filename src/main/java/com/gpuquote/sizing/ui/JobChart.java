package com.gpuquote.sizing.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.vaadin.flow.component.html.Image;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Color;
import java.awt.Rectangle;
import java.awt.geom.Ellipse2D;
import java.math.BigDecimal;
import java.util.List;

/**
 * The training job's trade-off, drawn on the server as SVG (no client chart library): job cost against time to
 * result, one point per candidate with an estimate, the first (chosen) candidate highlighted. Hidden when fewer than
 * two candidates carry an estimate.
 */
final class JobChart extends Image {

    static final int WIDTH = 640;
    static final int HEIGHT = 320;
    private String svg = "";

    JobChart() {
        setId("sizing-job-chart");
        setWidth("100%");
        setMaxWidth(WIDTH + "px");
        setVisible(false);
    }

    void show(List<Candidate> candidates) {
        List<Candidate> estimated = candidates.stream().filter(c -> c.performance() != null).toList();
        setVisible(estimated.size() >= 2);
        if (estimated.size() < 2) {
            svg = "";
            return;
        }
        String drawn = render(estimated);
        svg = drawn;
        setSrc(Downloads.svg("sizing-job.svg", () -> drawn));
        setAlt(getTranslation("sizing.job.chart.alt", estimated.size()));
    }

    /** The SVG document last drawn (tests read the points from it). */
    String svg() {
        return svg;
    }

    private String render(List<Candidate> estimated) {
        XYSeries chosen = new XYSeries(getTranslation("sizing.job.chart.chosen"), false, true);
        XYSeries others = new XYSeries(getTranslation("sizing.job.chart.others"), false, true);
        for (int i = 0; i < estimated.size(); i++) {
            Candidate c = estimated.get(i);
            double hours = c.performance().trainingHours().doubleValue();
            double cost = new BigDecimal(c.performance().jobCost()).doubleValue(); // drawing only
            (i == 0 ? chosen : others).add(hours, cost);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(chosen);
        data.addSeries(others);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, new Color(0xd9, 0x3f, 0x0b));
        renderer.setSeriesShape(0, new Ellipse2D.Double(-6, -6, 12, 12));
        renderer.setSeriesPaint(1, new Color(0x1f, 0x6f, 0xeb));
        renderer.setSeriesShape(1, new Ellipse2D.Double(-4, -4, 8, 8));
        NumberAxis x = new NumberAxis(getTranslation("sizing.job.chart.hours"));
        NumberAxis y = new NumberAxis(getTranslation("sizing.job.chart.cost", estimated.get(0).currency()));
        XYPlot plot = new XYPlot(data, x, y, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(getTranslation("sizing.job.chart.title"), JFreeChart.DEFAULT_TITLE_FONT, plot,
                true);
        chart.setBackgroundPaint(Color.WHITE);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGDocument();
    }
}
