package com.gpuquote.audit.ui;

import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.ui.Formats;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.provider.DataProvider;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/** Tenant admin: who did what, when, from which IP; newest first, lazily loaded, filtered by actor, action and dates. */
@Route("audit")
@RolesAllowed("TENANT_ADMIN")
@Menu(order = 40, title = "audit.menu", icon = "vaadin:clipboard-text")
public class AuditLogView extends VerticalLayout implements HasDynamicTitle {

    private final AuditLog audit;
    private final AuditFilters filters = new AuditFilters();
    private final Grid<AuditEvent> grid = new Grid<>(AuditEvent.class, false);
    private final Span total = new Span();

    public AuditLogView(AuditLog audit) {
        this.audit = audit;
        addClassName("audit-view");
        setSizeFull();
        total.setId("audit-total");
        configureGrid();
        filters.onChange(() -> grid.getDataProvider().refreshAll());
        add(filters, total, grid);
    }

    private void configureGrid() {
        grid.setId("audit-grid");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(e -> Formats.dateTimeSeconds(e.at())).setKey("at").setHeader(getTranslation("audit.at")).setAutoWidth(true);
        grid.addColumn(AuditEvent::actor).setKey("actor").setHeader(getTranslation("audit.actor")).setAutoWidth(true);
        grid.addColumn(e -> actionLabel(e.action())).setKey("action").setHeader(getTranslation("audit.action")).setAutoWidth(true);
        grid.addColumn(AuditEvent::entity).setKey("entity").setHeader(getTranslation("audit.entity")).setAutoWidth(true);
        grid.addColumn(AuditEvent::entityId).setKey("entityId").setHeader(getTranslation("audit.entityId")).setAutoWidth(true);
        grid.addColumn(AuditEvent::ip).setKey("ip").setHeader(getTranslation("audit.ip")).setAutoWidth(true);
        grid.addColumn(e -> "{}".equals(e.details()) ? "" : e.details()).setKey("details")
                .setHeader(getTranslation("audit.details")).setFlexGrow(1);
        grid.setItems(DataProvider.fromCallbacks(
                q -> audit.find(filters.value(), q.getOffset(), q.getLimit()).stream(),
                q -> {
                    int count = audit.count(filters.value());
                    total.setText(getTranslation("audit.total", count));
                    return count;
                }));
        grid.setSizeFull();
    }

    /** The action's name in the user's language where we know it; other features' actions show as recorded. */
    String actionLabel(String action) {
        String key = "audit.action." + action;
        return I18n.has(key) ? getTranslation(key) : action;
    }

    @Override
    public String getPageTitle() {
        return getTranslation("audit.title") + " | GpuQuote";
    }
}
