package com.gpuquote.quote.ui;

import com.gpuquote.commercial.Money;
import com.gpuquote.shared.Roles;
import com.gpuquote.quote.ApprovalRequest;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;

/**
 * Tenant admins and approvers: quotes waiting for an approval step the viewer may take (some line below the margin floor) with, per option, the net amount over
 * the term, the discount against the list price and the margin, so an admin decides without opening each quote;
 * open, approve, or reject with a reason (the author is notified either way).
 */
@Route("approvals")
@RolesAllowed({Roles.TENANT_ADMIN, Roles.APPROVER})
@Menu(order = 330, title = "quote.approvals.nav", icon = "vaadin:check-square-o")
public class ApprovalsView extends VerticalLayout implements HasDynamicTitle {

    private final QuoteQueries quotes;
    private final QuoteWorkflow workflow;
    final Grid<ApprovalRequest> grid = new Grid<>(ApprovalRequest.class, false);
    final Paragraph empty = new Paragraph();

    public ApprovalsView(QuoteQueries quotes, QuoteWorkflow workflow) {
        this.quotes = quotes;
        this.workflow = workflow;
        setSizeFull();
        grid.setId("approvals-grid");
        grid.addThemeVariants(GridVariant.LUMO_WRAP_CELL_CONTENT);
        grid.addColumn(r -> r.quote().number() + " v" + r.quote().version()).setKey("number")
                .setHeader(getTranslation("quote.number")).setAutoWidth(true).setFlexGrow(0);
        grid.addColumn(r -> r.quote().customerName()).setKey("customer").setHeader(getTranslation("quote.customer")).setFlexGrow(1);
        grid.addColumn(r -> r.quote().authorName() == null ? "" : r.quote().authorName()).setKey("author")
                .setHeader(getTranslation("quote.consultant")).setAutoWidth(true).setFlexGrow(0);
        grid.addComponentColumn(this::figures).setKey("figures").setHeader(getTranslation("quote.approvals.figures")).setFlexGrow(3);
        grid.addComponentColumn(r -> new ApprovalChainText(quotes.get(r.quote().id()).approvalChain())).setKey("chain")
                .setHeader(getTranslation("quote.approvals.chain")).setFlexGrow(2);
        grid.addComponentColumn(this::actions).setKey("actions").setHeader(getTranslation("shared.actions")).setAutoWidth(true).setFlexGrow(0);
        grid.setSizeFull();
        empty.setText(getTranslation("quote.approvals.none"));
        H2 title = new H2(getTranslation("quote.approvals.nav"));
        title.addClassName("view-heading");
        add(title, empty, grid);
        refresh();
    }

    /** One line per option: "A · ¥120,000.00 · 8.3% below list · margin ¥3,000.00 (2.5%) · 1 of 2 lines below floor". */
    private Component figures(ApprovalRequest r) {
        Div d = new Div();
        d.addClassName("approval-figures");
        for (ApprovalRequest.OptionFigures f : r.options()) {
            Div line = new Div();
            line.addClassName("approval-option");
            String margin = f.marginPercent() == null ? getTranslation("quote.approvals.noCost")
                    : getTranslation("quote.approvals.margin", DisplayFormat.money(f.marginAmount(), Money.CURRENCY),
                    DisplayFormat.percent(f.marginPercent()));
            String discount = f.discountPercent() == null ? ""
                    : " · " + getTranslation("quote.approvals.discount", DisplayFormat.percent(f.discountPercent()));
            // issue 39: vouchers lower the price after the discount; unconfirmed ones are the reseller's money
            String vouchers = f.voucherTotal() == null || f.voucherTotal().signum() == 0 ? ""
                    : " · " + getTranslation(f.unconfirmedVoucherTotal().signum() > 0
                    ? "quote.approvals.vouchersUnconfirmed" : "quote.approvals.vouchers",
                    DisplayFormat.money(f.voucherTotal(), Money.CURRENCY), DisplayFormat.money(f.unconfirmedVoucherTotal(), Money.CURRENCY));
            line.setText(getTranslation("quote.option", f.option()) + " · " + DisplayFormat.money(f.termNet(), Money.CURRENCY)
                    + discount + vouchers + " · " + margin + " · "
                    + getTranslation("quote.approvals.belowFloor", f.linesBelowFloor(),
                    DisplayFormat.count(getLocale(), f.lines(), "quote.count.line")));
            d.add(line);
        }
        return d;
    }

    private HorizontalLayout actions(ApprovalRequest r) {
        var q = r.quote();
        Button open = new Button(getTranslation("quote.action.open"), e -> getUI().ifPresent(ui ->
                ui.navigate(QuoteEditorView.class, new RouteParameters("id", q.id().toString()))));
        open.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        // an approver-only account cannot open the editor (it is the staff's): it reviews the quote read-only
        boolean staff = com.gpuquote.security.CurrentUser.require().hasRole(com.gpuquote.security.Role.CONSULTANT)
                || com.gpuquote.security.CurrentUser.require().hasRole(com.gpuquote.security.Role.TENANT_ADMIN);
        open.setVisible(staff);
        Button review = new Button(getTranslation("quote.action.review"), e -> getUI().ifPresent(ui ->
                ui.navigate(QuoteReviewView.class, new RouteParameters("id", q.id().toString()))));
        review.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        review.addClassName("review-button");
        review.setVisible(!staff);
        Button approve = new Button(getTranslation("quote.action.approve"),
                e -> StatusActions.approveDialog(quotes.get(q.id()), q.rowVersion(), workflow, done -> refresh()).open());
        approve.addThemeVariants(ButtonVariant.LUMO_SUCCESS);
        approve.addClassName("approve-button");
        Button reject = new Button(getTranslation("quote.action.reject"),
                e -> StatusActions.rejectDialog(quotes.get(q.id()), q.rowVersion(), workflow, done -> refresh()).open());
        reject.addThemeVariants(ButtonVariant.LUMO_ERROR);
        reject.addClassName("reject-button");
        return new HorizontalLayout(open, approve, reject, review);
    }

    void refresh() {
        var pending = quotes.approvalRequests();
        grid.setItems(pending);
        empty.setVisible(pending.isEmpty());
        grid.setVisible(!pending.isEmpty());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.approvals.nav") + " | GpuQuote";
    }
}
