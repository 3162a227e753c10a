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
 * The trade-off between the candidates, drawn on the server as SVG (no client chart library), one point per candidate
 * with an estimate, the first (chosen) candidate highlighted: for a training job its cost against time to result; for
 * serving the cost per million output tokens against output tokens per second. Hidden when fewer than two
 * candidates carry an estimate.
 */
final class JobChart extends Image {

    static final int WIDTH = 640;
    static final int HEIGHT = 320;
    /** The chart last shown, drawn at most once (null when hidden). */
    private Drawing drawing;

    JobChart() {
        setId("sizing-job-chart");
        setWidth("100%");
        setMaxWidth(WIDTH + "px");
        setVisible(false);
    }

    void show(List<Candidate> candidates) {
        List<Candidate> estimated = candidates.stream().filter(c -> c.performance() != null).toList();
        boolean serving = !estimated.isEmpty() && estimated.get(0).performance().serving();
        estimated = estimated.stream().filter(c -> c.performance().serving() == serving).toList();
        setVisible(estimated.size() >= 2);
        if (estimated.size() < 2) {
            drawing = null;
            return;
        }
        String currency = estimated.get(0).currency();
        // The texts are taken now (the UI's language); the drawing itself waits until the browser asks for the
        // image, in its own request: JFreeChart and Java2D's fonts cost a cold server ~0.1-0.3 s, which kept the
        // sizing view's first response waiting (issue 12, docs/benchmarks.md).
        Drawing d = new Drawing(estimated, serving,
                getTranslation(serving ? "sizing.serving.chart.title" : "sizing.job.chart.title"),
                getTranslation(serving ? "sizing.serving.chart.throughput" : "sizing.job.chart.hours"),
                serving ? getTranslation("sizing.serving.chart.cost", currency)
                        : getTranslation("sizing.job.chart.cost", currency),
                getTranslation("sizing.job.chart.chosen"), getTranslation("sizing.job.chart.others"));
        drawing = d;
        setSrc(Downloads.svg("sizing-job.svg", d::svg));
        setAlt(getTranslation(serving ? "sizing.serving.chart.alt" : "sizing.job.chart.alt", estimated.size()));
    }

    /** The SVG document of the chart shown (drawn now if the browser has not asked for it yet); tests read it. */
    String svg() {
        Drawing d = drawing;
        return d == null ? "" : d.svg();
    }

    /** One chart's points and texts; draws its SVG once, on first request. */
    private static final class Drawing {
        private final List<Candidate> estimated;
        private final boolean serving;
        private final String title;
        private final String xLabel;
        private final String yLabel;
        private final String chosenLabel;
        private final String othersLabel;
        private String svg;

        Drawing(List<Candidate> estimated, boolean serving, String title, String xLabel, String yLabel,
                String chosenLabel, String othersLabel) {
            this.estimated = List.copyOf(estimated);
            this.serving = serving;
            this.title = title;
            this.xLabel = xLabel;
            this.yLabel = yLabel;
            this.chosenLabel = chosenLabel;
            this.othersLabel = othersLabel;
        }

        synchronized String svg() {
            if (svg == null) {
                svg = render();
            }
            return svg;
        }

        private String render() {
            XYSeries chosen = new XYSeries(chosenLabel, false, true);
            XYSeries others = new XYSeries(othersLabel, false, true);
            for (int i = 0; i < estimated.size(); i++) {
                Candidate c = estimated.get(i);
                var p = c.performance();
                // drawing only: doubles are fine for positions
                double x = serving ? p.outputTokensPerSecond().doubleValue() : p.trainingHours().doubleValue();
                double y = new BigDecimal(serving ? p.costPerMillionOutputTokens() : p.jobCost()).doubleValue();
                (i == 0 ? chosen : others).add(x, y);
            }
            XYSeriesCollection data = new XYSeriesCollection();
            data.addSeries(chosen);
            data.addSeries(others);
            XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
            renderer.setSeriesPaint(0, new Color(0xd9, 0x3f, 0x0b));
            renderer.setSeriesShape(0, new Ellipse2D.Double(-6, -6, 12, 12));
            renderer.setSeriesPaint(1, new Color(0x1f, 0x6f, 0xeb));
            renderer.setSeriesShape(1, new Ellipse2D.Double(-4, -4, 8, 8));
            NumberAxis x = new NumberAxis(xLabel);
            NumberAxis y = new NumberAxis(yLabel);
            XYPlot plot = new XYPlot(data, x, y, renderer);
            plot.setBackgroundPaint(Color.WHITE);
            plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
            plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
            JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
            chart.setBackgroundPaint(Color.WHITE);
            SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
            chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
            return g.getSVGDocument();
        }
    }
}
