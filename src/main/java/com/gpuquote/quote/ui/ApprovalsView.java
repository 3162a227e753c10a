package com.gpuquote.quote.ui;

import com.gpuquote.quote.QuoteService;
import com.gpuquote.quote.QuoteSummary;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;

/** Tenant admins: quotes waiting for approval (some line below the margin floor); open, approve or reopen. */
@Route("approvals")
@RolesAllowed("TENANT_ADMIN")
@Menu(order = 330, title = "quote.approvals.nav", icon = "vaadin:check-square-o")
public class ApprovalsView extends VerticalLayout implements HasDynamicTitle {

    private final QuoteService quotes;
    final Grid<QuoteSummary> grid = new Grid<>(QuoteSummary.class, false);
    final Paragraph empty = new Paragraph();

    public ApprovalsView(QuoteService quotes) {
        this.quotes = quotes;
        setSizeFull();
        grid.setId("approvals-grid");
        grid.addColumn(QuoteSummary::number).setHeader(getTranslation("quote.number")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::version).setHeader(getTranslation("quote.version")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::customerName).setHeader(getTranslation("quote.customer")).setFlexGrow(2);
        grid.addColumn(QuoteSummary::projectName).setHeader(getTranslation("quote.project")).setFlexGrow(2);
        grid.addColumn(q -> q.authorName() == null ? "" : q.authorName()).setHeader(getTranslation("quote.consultant"));
        grid.addColumn(q -> q.validUntil().toString()).setHeader(getTranslation("quote.validUntil"));
        grid.addComponentColumn(this::actions).setKey("actions").setHeader(getTranslation("shared.actions")).setAutoWidth(true);
        grid.setSizeFull();
        empty.setText(getTranslation("quote.approvals.none"));
        add(empty, grid);
        refresh();
    }

    private HorizontalLayout actions(QuoteSummary q) {
        Button open = new Button(getTranslation("quote.action.open"), e -> getUI().ifPresent(ui ->
                ui.navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()))));
        open.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        Button approve = new Button(getTranslation("quote.action.approve"),
                e -> StatusActions.approveDialog(quotes.get(q.id()), q.rowVersion(), quotes, done -> refresh()).open());
        approve.addThemeVariants(ButtonVariant.LUMO_SUCCESS);
        approve.addClassName("approve-button");
        Button reject = new Button(getTranslation("quote.action.reject"),
                e -> StatusActions.rejectDialog(quotes.get(q.id()), q.rowVersion(), quotes, done -> refresh()).open());
        reject.addThemeVariants(ButtonVariant.LUMO_ERROR);
        reject.addClassName("reject-button");
        return new HorizontalLayout(open, approve, reject);
    }

    void refresh() {
        var pending = quotes.pendingApprovals();
        grid.setItems(pending);
        empty.setVisible(pending.isEmpty());
        grid.setVisible(!pending.isEmpty());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.approvals.nav") + " | GpuQuote";
    }
}
