package com.gpuquote.dashboard.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.DashboardFilter;
import com.gpuquote.dashboard.DashboardService;
import com.gpuquote.dashboard.DashboardTables;
import com.gpuquote.dashboard.FigureTable;
import com.gpuquote.dashboard.TenantDashboard;
import com.gpuquote.shared.DisplayFormat;
import com.gpuquote.shared.ui.Notifications;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;
import jakarta.annotation.security.RolesAllowed;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenant admin's dashboard (issue 17): win rate and average discount, pipeline by status and month, margin by
 * GPU model and consultant, price-list changes and top customers, each table with its chart and CSV, and the whole
 * dashboard as one Excel workbook. Margin and cost: TENANT_ADMIN only.
 */
@Route("dashboard")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 5, title = "dashboard.menu", icon = "vaadin:chart")
public class TenantDashboardView extends VerticalLayout implements HasDynamicTitle {

    private final DashboardService dashboards;
    private final Div content = new Div();
    final DashboardFilterBar filters;
    /** The dashboard on show; tests read it. */
    TenantDashboard shown;
    /** The sections on show by table id; tests read their charts. */
    final Map<String, TableSection> sections = new HashMap<>();

    public TenantDashboardView(DashboardService dashboards, UserService users) {
        this.dashboards = dashboards;
        addClassName("dashboard-view");
        add(new H2(getTranslation("dashboard.title")));
        filters = new DashboardFilterBar(dashboards.defaultFilter(), users, this::show);
        content.setId("dashboard-content");
        content.setWidthFull();
        add(filters, content);
        show(filters.value());
    }

    private void show(DashboardFilter filter) {
        Notifications.attempt(() -> {
            TenantDashboard d = dashboards.tenant(filter);
            shown = d;
            render(d);
        });
    }

    private void render(TenantDashboard d) {
        content.removeAll();
        sections.clear();
        content.add(tiles(d), xlsx(d));
        Paragraph notes = new Paragraph(getTranslation("dashboard.currency") + " · "
                + getTranslation("dashboard.valueNote") + " " + getTranslation("dashboard.marginNote"));
        notes.addClassName("dashboard-note");
        content.add(notes);
        String stem = "gpuquote-" + d.filter().from() + "-" + d.filter().to() + "-";
        for (FigureTable table : DashboardTables.of(d)) {
            if (table.id().equals(DashboardTables.SUMMARY)) {
                continue;
            }
            TableSection section = new TableSection(table, chart(d, table.id()), stem, this::getLocale);
            sections.put(table.id(), section);
            content.add(section);
        }
    }

    private String chart(TenantDashboard d, String tableId) {
        String value = getTranslation("dashboard.chart.value");
        return switch (tableId) {
            case DashboardTables.PIPELINE_BY_MONTH -> DashboardCharts.pipelineByMonth(d.pipelineByMonth(),
                    getTranslation("dashboard.chart.open"), getTranslation("dashboard.chart.won"),
                    getTranslation("dashboard.chart.lost"), value);
            case DashboardTables.PIPELINE_BY_STATUS -> DashboardCharts.bars(d.pipelineByStatus(),
                    s -> getTranslation("quote.status." + s.status().name()), TenantDashboard.StatusFigure::value,
                    value, value);
            case DashboardTables.MARGIN_BY_GPU_MODEL -> d.marginByGpuModel().isEmpty() ? null
                    : DashboardCharts.bars(d.marginByGpuModel(), TenantDashboard.MarginFigure::label,
                    TenantDashboard.MarginFigure::margin, getTranslation("dashboard.chart.margin"),
                    getTranslation("dashboard.chart.margin"));
            default -> null;
        };
    }

    private Component tiles(TenantDashboard d) {
        TenantDashboard.WinRate w = d.winRate();
        TenantDashboard.Discount disc = d.averageDiscount();
        Div tiles = new Div();
        tiles.addClassName("home-tiles");
        tiles.setId("dashboard-tiles");
        tiles.add(tile("tile-win-rate", percent(w.percent()), getTranslation("dashboard.tile.winRate"),
                        getTranslation("dashboard.tile.winRateDetail", w.accepted(), w.decided())),
                tile("tile-discount", percent(disc.percent()), getTranslation("dashboard.tile.discount"),
                        getTranslation("dashboard.tile.discountDetail", disc.quotes(),
                                DisplayFormat.amount(disc.listAmount()), DisplayFormat.amount(disc.netAmount()))));
        return tiles;
    }

    private String percent(BigDecimal value) {
        return value == null ? getTranslation("dashboard.tile.none") : value.toPlainString() + " %";
    }

    private static Div tile(String id, String figure, String label, String detail) {
        Span number = new Span(figure);
        number.addClassName("home-tile-count");
        Span caption = new Span(label);
        caption.addClassName("home-tile-label");
        Span more = new Span(detail);
        more.addClassName("home-tile-label");
        Div tile = new Div(number, caption, more);
        tile.addClassName("home-tile");
        tile.setId(id);
        return tile;
    }

    private Anchor xlsx(TenantDashboard d) {
        List<FigureTable> tables = DashboardTables.of(d);
        Anchor link = new Anchor();
        link.setHref(DownloadHandler.fromInputStream(event -> {
            byte[] bytes = DashboardExport.xlsx(tables, getLocale());
            return new DownloadResponse(new ByteArrayInputStream(bytes), "gpuquote-dashboard-" + d.filter().from()
                    + "-" + d.filter().to() + ".xlsx", DashboardExport.XLSX_TYPE, bytes.length);
        }));
        link.getElement().setAttribute("download", true);
        link.setId("dashboard-xlsx");
        link.add(new Button(getTranslation("dashboard.xlsx"), VaadinIcon.DOWNLOAD.create()));
        return link;
    }

    @Override
    public String getPageTitle() {
        return getTranslation("dashboard.title") + " | GpuQuote";
    }
}
