package com.gpuquote.dashboard.ui;

import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.FigureTable;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Supplier;

/** One table of a dashboard: title, its CSV download, an optional server-drawn chart, the grid. */
class TableSection extends Div {

    /** The chart's SVG as shown (null without a chart); tests read it. */
    final String svg;

    TableSection(FigureTable table, String svg, String fileStem, Supplier<Locale> locale) {
        this.svg = svg;
        setId("section-" + table.id());
        addClassName("dashboard-section");
        setWidthFull();
        Div header = new Div();
        header.addClassName("dashboard-section-header");
        header.add(new H3(getTranslation(FigureTable.titleKey(table.id()))), csv(table, fileStem, locale));
        add(header);
        if (svg != null) {
            Image chart = new Image(DownloadHandler.fromInputStream(event -> new DownloadResponse(
                    new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)), table.id() + ".svg",
                    "image/svg+xml", -1)), getTranslation(FigureTable.titleKey(table.id())));
            chart.setId("chart-" + table.id());
            chart.setWidth("100%");
            chart.setMaxWidth(DashboardCharts.WIDTH + "px");
            add(chart);
        }
        if (table.rows().isEmpty()) {
            Paragraph empty = new Paragraph(getTranslation("dashboard.empty"));
            empty.addClassName("dashboard-empty");
            add(empty);
        } else {
            add(new FigureGrid(table));
        }
    }

    private Component csv(FigureTable table, String fileStem, Supplier<Locale> locale) {
        Anchor link = new Anchor();
        link.setHref(DownloadHandler.fromInputStream(event -> {
            byte[] bytes = DashboardExport.csv(table, locale.get());
            return new DownloadResponse(new ByteArrayInputStream(bytes), fileStem + table.id() + ".csv",
                    DashboardExport.CSV_TYPE, bytes.length);
        }));
        link.add(VaadinIcon.DOWNLOAD_ALT.create(), new com.vaadin.flow.component.html.Span(" " + getTranslation("dashboard.csv")));
        link.getElement().setAttribute("download", true);
        link.setId("csv-" + table.id());
        return link;
    }
}
