package com.gpuquote.portal.ui;

import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.PortalService;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

/**
 * A customer contact's account (CUSTOMER): every quote version sent to their company, newest first, and any one of
 * them as the portal shows it (read-only here; accepting happens through the emailed link).
 */
@Route("my-quotes")
@RolesAllowed("CUSTOMER")
@Menu(order = 370, title = "portal.my.nav", icon = "vaadin:file-text-o")
public class MyQuotesView extends VerticalLayout implements HasDynamicTitle {

    private final PortalService portal;
    final Grid<QuoteSummary> grid = new Grid<>();
    private final Div detail = new Div();

    public MyQuotesView(PortalService portal) {
        this.portal = portal;
        setId("my-quotes-view");
        grid.setId("my-quotes-grid");
        grid.addColumn(QuoteSummary::number).setHeader(getTranslation("portal.orders.quote")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::version).setHeader(getTranslation("portal.my.version"));
        grid.addColumn(q -> getTranslation("portal.status." + q.status().name())).setHeader(getTranslation("portal.my.status"));
        grid.addColumn(q -> q.validUntil().toString()).setHeader(getTranslation("portal.my.validUntil"));
        grid.addColumn(q -> PortalFormat.time(q.sentAt())).setHeader(getTranslation("portal.my.sentAt"));
        grid.setItems(portal.myQuotes());
        grid.setEmptyStateText(getTranslation("portal.my.empty"));
        grid.setAllRowsVisible(true);
        grid.asSingleSelect().addValueChangeListener(e -> {
            if (e.getValue() != null) {
                Notifications.attempt(() -> show(portal.myQuote(e.getValue().id())));
            }
        });
        detail.setId("my-quote-detail");
        detail.setWidthFull();
        add(new H2(getTranslation("portal.my.title")), grid, detail);
    }

    private void show(PortalQuote q) {
        detail.removeAll();
        PortalQuote.Snapshot s = q.quote();
        detail.add(new H3(getTranslation("portal.title", s.number()) + " · " + getTranslation("portal.version", s.version())),
                new Paragraph(getTranslation("portal.preparedFor", s.customerName(), s.projectName())
                        + " · " + getTranslation("portal.validUntil", s.validUntil().toString())));
        q.acceptance().ifPresent(a -> detail.add(new Paragraph(getTranslation("portal.accepted.record", a.optionName(),
                a.signerName(), a.signerEmail(), PortalFormat.time(a.acceptedAt()), a.snapshotSha256()))));
        Div options = new Div();
        options.addClassName("portal-options");
        s.options().forEach(o -> options.add(new OptionCard(o, s.currency(),
                q.acceptance().map(a -> a.optionId().equals(o.id())).orElse(false), null)));
        detail.add(options);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.my.title");
    }
}
