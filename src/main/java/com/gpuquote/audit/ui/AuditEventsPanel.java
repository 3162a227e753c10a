package com.gpuquote.audit.ui;

import com.gpuquote.audit.AuditEvent;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.shared.ui.Formats;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.provider.DataProvider;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Filters, total and a lazy grid of audit entries (time in China time, actor, action, entity, IP, details), newest
 * first; the tenant's log and the platform's log differ only in where the entries come from and which actions are
 * offered in the filter.
 */
class AuditEventsPanel extends VerticalLayout {

    /** One page of entries matching a filter. */
    interface Page {
        List<AuditEvent> find(AuditLog.Filter filter, int offset, int limit);
    }

    private final AuditFilters filters;
    private final Grid<AuditEvent> grid = new Grid<>(AuditEvent.class, false);
    private final Span total = new Span();

    AuditEventsPanel(List<String> knownActions, Page page, ToIntFunction<AuditLog.Filter> count) {
        filters = new AuditFilters(knownActions);
        setPadding(false);
        setSizeFull();
        total.setId("audit-total");
        grid.setId("audit-grid");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(e -> Formats.dateTimeSeconds(e.at())).setKey("at").setHeader(getTranslation("audit.at")).setAutoWidth(true);
        grid.addColumn(AuditEvent::actor).setKey("actor").setHeader(getTranslation("audit.actor")).setAutoWidth(true);
        grid.addColumn(e -> filters.actionLabel(e.action())).setKey("action").setHeader(getTranslation("audit.action")).setAutoWidth(true);
        grid.addColumn(AuditEvent::entity).setKey("entity").setHeader(getTranslation("audit.entity")).setAutoWidth(true);
        grid.addColumn(AuditEvent::entityId).setKey("entityId").setHeader(getTranslation("audit.entityId")).setAutoWidth(true);
        grid.addColumn(AuditEvent::ip).setKey("ip").setHeader(getTranslation("audit.ip")).setAutoWidth(true);
        grid.addColumn(e -> "{}".equals(e.details()) ? "" : e.details()).setKey("details")
                .setHeader(getTranslation("audit.details")).setFlexGrow(1);
        grid.setItems(DataProvider.fromCallbacks(
                q -> page.find(filters.value(), q.getOffset(), q.getLimit()).stream(),
                q -> {
                    int n = count.applyAsInt(filters.value());
                    total.setText(getTranslation("audit.total", n));
                    return n;
                }));
        grid.setSizeFull();
        filters.onChange(() -> grid.getDataProvider().refreshAll());
        add(filters, total, grid);
    }
}
