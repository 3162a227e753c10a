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

/**
 * Filters, total and a lazy grid of audit entries (time in China time, actor, action, entity, IP, details), newest
 * first; the tenant's log and the platform's log differ only in where the entries come from and which actions are
 * offered in the filter.
 */
public class AuditEventsPanel extends VerticalLayout {

    /** One page of entries matching a filter. */
    interface Page {
        List<AuditEvent> find(AuditLog.Filter filter, int offset, int limit);
    }

    /** How many entries matching a filter, reading at most {@code cap + 1}. */
    interface Count {
        int upTo(AuditLog.Filter filter, int cap);
    }

    /**
     * The most entries the panel counts and the grid scrolls through. An exact count of a tenant's whole trail reads
     * every entry (366–416 ms at 1,000,000 entries; capped at 10,001 about 9 ms: docs/benchmarks.md "Scale data, second
     * part", ADR 1853), and nobody scrolls through more than ten thousand entries: past the cap, narrow the filters.
     */
    public static final int COUNT_CAP = 10_000;

    private final AuditFilters filters;
    private final Grid<AuditEvent> grid = new Grid<>(AuditEvent.class, false);
    private final Span total = new Span();

    AuditEventsPanel(List<String> knownActions, Page page, Count count) {
        this(knownActions, page, count, COUNT_CAP);
    }

    /** {@code cap}: {@link #COUNT_CAP}, smaller in tests. */
    AuditEventsPanel(List<String> knownActions, Page page, Count count, int cap) {
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
                    int n = count.upTo(filters.value(), cap);
                    total.setText(n > cap ? getTranslation("audit.totalCapped", cap) : getTranslation("audit.total", n));
                    return Math.min(n, cap);
                }));
        grid.setSizeFull();
        filters.onChange(() -> grid.getDataProvider().refreshAll());
        add(filters, total, grid);
    }
}
