package com.gpuquote.deployment.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.deployment.UsageCharts;
import com.gpuquote.deployment.UsageSeries;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;

import java.util.EnumMap;
import java.util.Map;

/** The three charts as server-drawn SVG: memory over time with capacity lines, VRAM histogram, SM activity. */
class ChartsPanel extends VerticalLayout {

    /** The SVG on show per chart (empty without data). */
    final Map<UsageCharts.Kind, String> svg = new EnumMap<>(UsageCharts.Kind.class);

    ChartsPanel() {
        setPadding(false);
        setId("deployment-charts");
    }

    void show(UsageSeries series) {
        removeAll();
        svg.clear();
        if (series == null) {
            return;
        }
        for (UsageCharts.Kind kind : UsageCharts.Kind.values()) {
            String drawn = UsageCharts.svg(UsageCharts.chart(kind, series, getLocale()), UsageCharts.WIDTH, UsageCharts.HEIGHT);
            svg.put(kind, drawn);
            Image image = new Image(Downloads.svg("deployment-" + kind.name().toLowerCase() + ".svg", () -> drawn),
                    getTranslation("deployment.chart." + kind.name()));
            image.setId("chart-" + kind.name().toLowerCase());
            image.setWidth("100%");
            image.setMaxWidth(UsageCharts.WIDTH + "px");
            add(image);
        }
    }
}
