package com.gpuquote.dashboard.ui;

import com.gpuquote.dashboard.TenantDashboard;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

import java.awt.Color;
import java.awt.Rectangle;
import java.util.List;
import java.util.function.Function;

/**
 * The dashboard's charts, drawn on the server with JFreeChart into SVG (no frontend packages). Amounts are drawn as
 * doubles: drawing only, every figure shown as a number comes from the BigDecimal tables.
 */
final class DashboardCharts {

    static final int WIDTH = 760;
    static final int HEIGHT = 320;
    private static final Color OPEN = new Color(0x1f, 0x6f, 0xeb);
    private static final Color WON = new Color(0x1a, 0x7f, 0x37);
    private static final Color LOST = new Color(0xc4, 0x32, 0x2b);

    private DashboardCharts() {
    }

    /** Stacked bars per month: open, won and lost value. */
    static String pipelineByMonth(List<TenantDashboard.MonthFigure> months, String open, String won, String lost,
                                  String valueAxis) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (TenantDashboard.MonthFigure m : months) {
            String month = m.month().toString();
            data.addValue(m.openValue().doubleValue(), open, month);
            data.addValue(m.wonValue().doubleValue(), won, month);
            data.addValue(m.lostValue().doubleValue(), lost, month);
        }
        JFreeChart chart = ChartFactory.createStackedBarChart(null, null, valueAxis, data, PlotOrientation.VERTICAL,
                true, false, false);
        style(chart, OPEN, WON, LOST);
        if (months.size() > 6) { // twelve "2026-01" labels do not fit side by side
            chart.getCategoryPlot().getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        return svg(chart);
    }

    /** One bar per category (status, GPU model) of a value. */
    static <T> String bars(List<T> rows, Function<T, String> label, Function<T, Number> value, String series,
                           String valueAxis) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (T row : rows) {
            data.addValue(value.apply(row), series, label.apply(row));
        }
        JFreeChart chart = ChartFactory.createBarChart(null, null, valueAxis, data, PlotOrientation.VERTICAL,
                false, false, false);
        style(chart, OPEN);
        chart.getCategoryPlot().getDomainAxis().setMaximumCategoryLabelWidthRatio(1.5f);
        return svg(chart);
    }

    private static void style(JFreeChart chart, Color... colors) {
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setMaximumBarWidth(0.08);
        for (int i = 0; i < colors.length; i++) {
            renderer.setSeriesPaint(i, colors[i]);
        }
    }

    private static String svg(JFreeChart chart) {
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
        chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
        return g.getSVGDocument();
    }
}
