package com.gpuquote.quote.ui;

import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.quote.domain.ApprovalChains;
import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.tabs.Tab;
import com.vaadin.flow.component.tabs.Tabs;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Issue 16: a quote as the approvers see it, opened from the inbox (or a notification): header, the approval chain,
 * each option's lines with their waterfalls, totals and margins, all read-only, and approve / reject of the waiting
 * step when it is the viewer's. An approver-only account has no editor (that is the staff's), so this is its view of
 * a quote; the service decides every action again.
 */
@Route("approvals/:id")
@RolesAllowed({Roles.TENANT_ADMIN, Roles.APPROVER})
public class QuoteReviewView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final QuoteQueries quotes;
    private final QuoteWorkflow workflow;
    private final Map<String, Set<String>> catalog;
    private final Map<String, String> gpus;
    final List<OptionEditor> options = new ArrayList<>();
    final Tabs tabs = new Tabs();
    final Button approve = new Button();
    final Button reject = new Button();
    QuoteDetails quote;

    public QuoteReviewView(QuoteQueries quotes, QuoteWorkflow workflow, CatalogService catalogService) {
        this.quotes = quotes;
        this.workflow = workflow;
        List<InstanceType> types = catalogService.instanceTypes(null);
        this.catalog = types.stream().collect(Collectors.toMap(InstanceType::code, InstanceType::regions, (a, b) -> a));
        this.gpus = types.stream().collect(Collectors.toMap(InstanceType::code,
                t -> t.gpuCount() + " × " + t.gpuModel().code(), (a, b) -> a));
        setWidthFull();
        setId("quote-review");
        approve.setText(getTranslation("quote.action.approve"));
        approve.setIcon(VaadinIcon.CHECK.create());
        approve.setId("review-approve");
        approve.addThemeVariants(ButtonVariant.LUMO_SUCCESS);
        approve.addClickListener(e -> StatusActions.approveDialog(quote, quote.rowVersion(), workflow, this::show).open());
        reject.setText(getTranslation("quote.action.reject"));
        reject.setIcon(VaadinIcon.CLOSE_SMALL.create());
        reject.setId("review-reject");
        reject.addThemeVariants(ButtonVariant.LUMO_ERROR);
        reject.addClickListener(e -> StatusActions.rejectDialog(quote, quote.rowVersion(), workflow, this::show).open());
        tabs.addSelectedChangeListener(e -> {
            for (int i = 0; i < options.size(); i++) {
                options.get(i).setVisible(i == tabs.getSelectedIndex());
            }
        });
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        RouteIds.load(event, id -> quotes.get(new QuoteId(id)), ApprovalsView.class).ifPresent(this::show);
    }

    void show(QuoteDetails details) {
        quote = details;
        removeAll();
        options.clear();
        H2 title = new H2(quote.number() + " · v" + quote.version());
        title.setId("review-title");
        HorizontalLayout header = new HorizontalLayout(title, new StatusBadge(quote.status()));
        header.setAlignItems(Alignment.BASELINE);
        Paragraph meta = new Paragraph(getTranslation("shared.label", getTranslation("quote.customer"))
                + quote.customerName() + " · " + getTranslation("shared.label", getTranslation("quote.project"))
                + quote.projectName() + " · " + getTranslation("shared.label", getTranslation("quote.consultant"))
                + (quote.authorName() == null ? "" : quote.authorName()));
        meta.setId("review-meta");
        approve.setVisible(mayTakeWaitingStep());
        reject.setVisible(mayTakeWaitingStep());
        add(header, meta, new HorizontalLayout(approve, reject));
        quote.approval().ifPresent(a -> add(new Paragraph(getTranslation("quote.approvedBy", a.approverName(), a.comment()))));
        if (!quote.approvalChain().isEmpty()) {
            add(new ApprovalChainText(quote.approvalChain()));
        }
        ApprovalReasons.of(quote).ifPresent(this::add); // issue 39: why it waits, and the consultant's justification
        tabs.removeAll();
        for (int i = 0; i < quote.options().size(); i++) {
            int index = i;
            OptionMargin margin = quote.margins().map(m -> m.get(index)).orElse(null);
            // read-only: no add-line form, no editable cells, no remove buttons; margins when the service gives them
            OptionEditor option = new OptionEditor(quote.options().get(i), margin, quote.lineSizing(), catalog, gpus,
                    quote.floorUnitPrices(), false, quote.margins().isPresent(), () -> { }, null,
                    index < quote.optionApprovals().size() ? quote.optionApprovals().get(index) : null);
            option.lines.approved(quote.approval().isPresent());
            options.add(option);
            Tab tab = new Tab(getTranslation("quote.option", quote.options().get(i).label()));
            tab.setId("review-tab-option-" + quote.options().get(i).name().name());
            tabs.add(tab);
        }
        add(tabs);
        if (quote.options().isEmpty()) {
            add(new Paragraph(getTranslation("quote.option.none")));
        }
        for (int i = 0; i < options.size(); i++) {
            options.get(i).setVisible(i == 0);
            add(options.get(i));
        }
        if (!options.isEmpty()) {
            tabs.setSelectedIndex(0);
        }
    }

    /**
     * Whether to offer the waiting step: the quote waits, the viewer holds its role, is not the author and took no
     * step yet (the rules of {@code QuoteWorkflow.approve}, which decides again).
     */
    private boolean mayTakeWaitingStep() {
        if (quote.status() != QuoteStatus.PENDING_APPROVAL) {
            return false;
        }
        GpuQuoteUser me = CurrentUser.require();
        List<ApprovalStep> chain = ApprovalChains.orSingleAdminStep(quote.approvalChain(), true);
        return ApprovalChains.mayTakeWaitingStep(chain, me.userId(), me::hasRole) && !me.userId().equals(quote.authorId());
    }

    @Override
    public String getPageTitle() {
        return (quote == null ? getTranslation("quote.approvals.nav") : quote.number() + " v" + quote.version())
                + " | GpuQuote";
    }
}
