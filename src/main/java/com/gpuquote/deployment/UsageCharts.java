package com.gpuquote.deployment;

import com.gpuquote.shared.I18n;
import com.gpuquote.shared.pdf.PdfDocuments;
import com.gpuquote.shared.time.BusinessCalendar;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.TimeZone;

/**
 * The right-sizing charts, drawn on the server with JFreeChart: the same chart objects become SVG for the browser and
 * PNG for the PDF report. Memory in GiB (2^30 bytes); times in China time.
 */
public final class UsageCharts {

    public static final int WIDTH = 900;
    public static final int HEIGHT = 320;
    private static final Color USED = new Color(0x1f, 0x6f, 0xeb);
    private static final Color CAPACITY = new Color(0xd9, 0x48, 0x2b);
    private static final Color RAM = new Color(0x2e, 0x9e, 0x5b);
    private static final Color RAM_CAPACITY = new Color(0x8a, 0x5c, 0xc7);
    /** The shipped CJK font (registered with Java2D), so Chinese labels render in PNG for the PDF as well. */
    private static final String FONT = PdfDocuments.chartFontFamily();

    public enum Kind { MEMORY, HISTOGRAM, ACTIVITY }

    private UsageCharts() {
    }

    public static JFreeChart chart(Kind kind, UsageSeries series, Locale locale) {
        return switch (kind) {
            case MEMORY -> memory(series, locale);
            case HISTOGRAM -> histogram(series, locale);
            case ACTIVITY -> activity(series, locale);
        };
    }

    /** VRAM used (highest GPU) and host RAM used over time, each with its capacity line. */
    static JFreeChart memory(UsageSeries s, Locale locale) {
        XYSeries vram = new XYSeries(t(locale, "deployment.chart.vramUsed"));
        XYSeries vramCap = new XYSeries(t(locale, "deployment.chart.vramCapacity"));
        XYSeries ram = new XYSeries(t(locale, "deployment.chart.ramUsed"));
        XYSeries ramCap = new XYSeries(t(locale, "deployment.chart.ramCapacity"));
        for (UsageSeries.Point p : s.points()) {
            long x = p.at().toEpochMilli();
            add(vram, x, p.vramUsedGiB());
            add(vramCap, x, p.vramTotalGiB());
            add(ram, x, p.ramUsedGiB());
            add(ramCap, x, p.ramTotalGiB());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(vram);
        data.addSeries(vramCap);
        data.addSeries(ram);
        data.addSeries(ramCap);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, USED);
        r.setSeriesPaint(1, CAPACITY);
        r.setSeriesPaint(2, RAM);
        r.setSeriesPaint(3, RAM_CAPACITY);
        BasicStroke dashed = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);
        r.setSeriesStroke(1, dashed);
        r.setSeriesStroke(3, dashed);
        NumberAxis y = new NumberAxis(t(locale, "deployment.chart.gib"));
        showFewPoints(r, s);
        return finish(new XYPlot(data, timeAxis(locale), y, r), t(locale, "deployment.chart.memoryTitle"));
    }

    /** How many samples fell in each 5 % band of VRAM used. */
    static JFreeChart histogram(UsageSeries s, Locale locale) {
        XYSeries bins = new XYSeries(t(locale, "deployment.chart.samples"));
        int[] h = s.vramHistogram();
        for (int i = 0; i < h.length; i++) {
            bins.add(i * 5 + 2.5, h[i]);
        }
        XYSeriesCollection data = new XYSeriesCollection(bins);
        data.setIntervalWidth(5.0);
        XYBarRenderer r = new XYBarRenderer(0.08);
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setSeriesPaint(0, USED);
        NumberAxis x = new NumberAxis(t(locale, "deployment.chart.vramUsedPct"));
        x.setRange(0, 100);
        NumberAxis y = new NumberAxis(t(locale, "deployment.chart.samples"));
        y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        return finish(new XYPlot(data, x, y, r), t(locale, "deployment.chart.histogramTitle"));
    }

    /** SM activity (DCGM) and GPU utilisation over time, in %. */
    static JFreeChart activity(UsageSeries s, Locale locale) {
        XYSeries sm = new XYSeries(t(locale, "deployment.metric.SM_ACTIVE"));
        XYSeries util = new XYSeries(t(locale, "deployment.metric.GPU_UTIL"));
        for (UsageSeries.Point p : s.points()) {
            add(sm, p.at().toEpochMilli(), p.smActivePct());
            add(util, p.at().toEpochMilli(), p.gpuUtilPct());
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(sm);
        data.addSeries(util);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        r.setSeriesPaint(0, USED);
        r.setSeriesPaint(1, new Color(0x99, 0x99, 0x99));
        showFewPoints(r, s);
        NumberAxis y = new NumberAxis("%");
        y.setRange(0, 100);
        return finish(new XYPlot(data, timeAxis(locale), y, r), t(locale, "deployment.chart.activityTitle"));
    }

    /** A short window has few buckets: mark each point, or a single bucket would draw nothing. */
    private static void showFewPoints(XYLineAndShapeRenderer r, UsageSeries s) {
        r.setDefaultShapesVisible(s.points().size() < 30);
        r.setDefaultShapesFilled(true);
        for (int i = 0; i < 4; i++) {
            r.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-3, -3, 6, 6));
        }
    }

    public static String svg(JFreeChart chart, int width, int height) {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new Rectangle(0, 0, width, height));
        return g.getSVGDocument();
    }

    /** PNG at {@code scale} times the size (sharp in print). */
    public static byte[] png(JFreeChart chart, int width, int height, int scale) {
        BufferedImage image = new BufferedImage(width * scale, height * scale, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.scale(scale, scale);
            chart.draw(g, new Rectangle(0, 0, width, height));
        } finally {
            g.dispose();
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DateAxis timeAxis(Locale locale) {
        return new DateAxis(t(locale, "deployment.chart.time"), TimeZone.getTimeZone(BusinessCalendar.ZONE), locale);
    }

    private static JFreeChart finish(XYPlot plot, String title) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(title, new Font(FONT, Font.BOLD, 14), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        Font label = new Font(FONT, Font.PLAIN, 11);
        plot.getDomainAxis().setLabelFont(label);
        plot.getRangeAxis().setLabelFont(label);
        plot.getDomainAxis().setTickLabelFont(label);
        plot.getRangeAxis().setTickLabelFont(label);
        chart.getLegend().setItemFont(label);
        return chart;
    }

    private static void add(XYSeries s, long x, Double y) {
        if (y != null) {
            s.add(x, y);
        }
    }

    private static String t(Locale locale, String key) {
        return I18n.get(locale, key);
    }
}
