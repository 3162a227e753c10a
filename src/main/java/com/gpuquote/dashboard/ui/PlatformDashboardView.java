package com.gpuquote.dashboard.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.dashboard.DashboardExport;
import com.gpuquote.dashboard.DashboardService;
import com.gpuquote.dashboard.DashboardTables;
import com.gpuquote.dashboard.FigureTable;
import com.gpuquote.dashboard.PlatformDashboard;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;
import jakarta.annotation.security.RolesAllowed;

import java.io.ByteArrayInputStream;
import java.util.List;

/** The platform administrator's overview: every tenant with users, quotes (counts only) and last activity. */
@Route("platform/dashboard")
@RolesAllowed(Roles.PLATFORM_ADMIN)
@Menu(order = 6, title = "dashboard.platform.menu", icon = "vaadin:globe")
public class PlatformDashboardView extends VerticalLayout implements HasDynamicTitle {

    /** The dashboard on show; tests read it. */
    final PlatformDashboard shown;

    public PlatformDashboardView(DashboardService dashboards) {
        addClassName("dashboard-view");
        shown = dashboards.platform();
        FigureTable table = DashboardTables.of(shown);
        Paragraph totals = new Paragraph(getTranslation("dashboard.platform.totals", shown.tenants().size(),
                shown.totalUsers(), shown.totalQuotes()));
        totals.setId("platform-totals");
        Paragraph note = new Paragraph(getTranslation("dashboard.platform.note"));
        note.addClassName("dashboard-note");
        Anchor xlsx = new Anchor();
        xlsx.setHref(DownloadHandler.fromInputStream(event -> {
            byte[] bytes = DashboardExport.xlsx(List.of(table), getLocale());
            return new DownloadResponse(new ByteArrayInputStream(bytes), "gpuquote-tenants.xlsx",
                    DashboardExport.XLSX_TYPE, bytes.length);
        }));
        xlsx.getElement().setAttribute("download", true);
        xlsx.setId("platform-xlsx");
        xlsx.add(new Button(getTranslation("dashboard.xlsx"), VaadinIcon.DOWNLOAD.create()));
        add(new H2(getTranslation("dashboard.platform.title")), totals, note, xlsx,
                new TableSection(table, null, "gpuquote-", this::getLocale));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("dashboard.platform.title") + " | GpuQuote";
    }
}
