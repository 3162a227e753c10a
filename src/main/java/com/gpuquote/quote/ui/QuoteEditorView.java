package com.gpuquote.quote.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.InstanceType;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteInput;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteWorkflow;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteUpdate;
import com.gpuquote.quote.pdf.QuotePdfService;
import com.gpuquote.shared.ui.RouteIds;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.html.Anchor;
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
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One quote version: header, options A–D as tabs, status actions. A DRAFT is saved on every change, and the priced
 * answer (totals, waterfalls, comparison) is shown at once; tenant admins also see margins.
 */
@Route("quotes/:id")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
public class QuoteEditorView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final QuoteQueries queries;

    private final QuoteDrafting drafting;
    private final QuoteWorkflow workflow;
    private final QuotePdfService pdfs;
    private final com.gpuquote.customer.ProjectService projects;
    private final Map<String, Set<String>> catalog;
    /** Issue 39: the catalog's deprecated instance types, kept by the lines that hold them, offered to no new one. */
    private final Set<String> deprecated;
    /** Instance type → "8 × A100", the GPUs a consultant decides by. */
    private final Map<String, String> gpus;
    final List<OptionEditor> editors = new ArrayList<>();
    final Tabs tabs = new Tabs();
    final DatePicker validUntil = new DatePicker();
    final Button addOption = new Button();
    final Button removeOption = new Button();
    StatusActions actions;
    QuoteDetails quote;
    private int selected;
    private boolean acceptedShown;

    private final com.gpuquote.shared.LiveUpdates live;
    private final com.gpuquote.quote.QuoteTemplateService templates;
    private final com.gpuquote.quote.QuoteTermsService terms;
    private final com.gpuquote.quote.RenewalService renewals;
    private com.gpuquote.shared.ui.LiveRefresh liveRefresh;
    private QuoteId liveFor;
    private final java.time.Clock clock;
    private final com.gpuquote.quote.VoucherService vouchers;

    public QuoteEditorView(QuoteQueries queries, QuoteDrafting drafting, QuoteWorkflow workflow, QuotePdfService pdfs,
                           CatalogService catalog,
                           com.gpuquote.shared.LiveUpdates live, com.gpuquote.quote.QuoteTemplateService templates,
                           com.gpuquote.quote.QuoteTermsService terms, com.gpuquote.customer.ProjectService projects,
                           com.gpuquote.quote.RenewalService renewals, java.time.Clock clock,
                           com.gpuquote.quote.VoucherService vouchers) {
        this.clock = clock;
        this.vouchers = vouchers;
        this.renewals = renewals;
        this.terms = terms;
        this.queries = queries;
        this.drafting = drafting;
        this.workflow = workflow;
        this.templates = templates;
        this.projects = projects;
        this.live = live;
        addDetachListener(e -> stopLive());
        addAttachListener(e -> {
            if (quote != null) {
                followLive();
            }
        });
        this.pdfs = pdfs;
        List<InstanceType> types = catalog.instanceTypes(null);
        this.catalog = types.stream().collect(Collectors.toMap(InstanceType::code, InstanceType::regions, (a, b) -> a));
        Set<String> active = types.stream().filter(t -> t.status() == com.gpuquote.catalog.InstanceStatus.ACTIVE)
                .map(InstanceType::code).collect(Collectors.toSet());
        this.deprecated = types.stream().map(InstanceType::code).filter(c -> !active.contains(c))
                .collect(Collectors.toSet());
        this.gpus = types.stream().collect(Collectors.toMap(InstanceType::code,
                t -> t.gpuCount() + " × " + t.gpuModel().code(), (a, b) -> a));
        setWidthFull();
        validUntil.setLabel(getTranslation("quote.validUntil"));
        validUntil.setId("quote-valid-until");
        validUntil.addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                save();
            }
        });
        tabs.addSelectedChangeListener(e -> {
            selected = tabs.getSelectedIndex();
            for (int i = 0; i < editors.size(); i++) {
                editors.get(i).setVisible(i == selected);
            }
        });
        addOption.setText(getTranslation("quote.option.add"));
        addOption.setIcon(VaadinIcon.PLUS.create());
        addOption.setId("add-option");
        addOption.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        addOption.addClickListener(e -> {
            List<QuoteInput.Option> options = inputs();
            options.add(new QuoteInput.Option(OptionName.at(options.size()).name(), List.of(), List.of()));
            selected = options.size() - 1;
            save(options);
        });
        removeOption.setText(getTranslation("quote.option.remove"));
        removeOption.setIcon(VaadinIcon.TRASH.create());
        removeOption.setId("remove-option");
        removeOption.addThemeVariants(ButtonVariant.LUMO_TERTIARY, ButtonVariant.LUMO_ERROR);
        removeOption.addClickListener(e -> {
            List<QuoteInput.Option> options = inputs();
            options.remove(selected);
            List<QuoteInput.Option> renamed = new ArrayList<>();
            for (int i = 0; i < options.size(); i++) {
                renamed.add(new QuoteInput.Option(OptionName.at(i).name(), options.get(i).lines(),
                        options.get(i).serviceLines(), options.get(i).title(), options.get(i).summary()));
            }
            selected = Math.max(0, selected - 1);
            save(renamed);
        });
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        RouteIds.load(event, id -> queries.get(new QuoteId(id)), QuotesView.class).ifPresent(found -> {
            quote = found;
            render();
        });
    }

    void show(QuoteDetails details) {
        if (!details.id().equals(quote.id())) {
            getUI().ifPresent(ui -> ui.navigate(QuoteEditorView.class, new RouteParameters("id", details.id().toString())));
            return;
        }
        quote = details;
        render();
    }

    /**
     * Issue 12: while this quote is open, a status change by someone else (an admin approves, the customer accepts)
     * is pushed here and the quote re-read, without a reload.
     */
    private void followLive() {
        if (quote.id().equals(liveFor) || getUI().isEmpty()) {
            return;
        }
        stopLive();
        liveFor = quote.id();
        liveRefresh = com.gpuquote.shared.ui.LiveRefresh.subscribe(live, getUI().get(),
                com.gpuquote.shared.LiveUpdates.quote(quote.id().value()), () -> {
                    quote = queries.get(quote.id());
                    render();
                });
    }

    private void stopLive() {
        if (liveRefresh != null) {
            liveRefresh.close();
            liveRefresh = null;
        }
        liveFor = null;
    }

    private void render() {
        followLive();
        removeAll();
        editors.clear();
        boolean editable = quote.editable();
        boolean admin = quote.margins().isPresent();
        H2 title = new H2(quote.number() + " · v" + quote.version());
        title.setId("quote-title");
        HorizontalLayout header = new HorizontalLayout(title, new StatusBadge(quote.status()));
        header.setAlignItems(Alignment.BASELINE);
        Anchor customer = new Anchor("customers/" + quote.customerId(), quote.customerName());
        Anchor project = new Anchor("projects/" + quote.projectId(), quote.projectName());
        validUntil.setValue(quote.validUntil());
        validUntil.setReadOnly(!editable);
        validUntil.setMin(editable ? BusinessCalendar.today(clock) : null);
        actions = new StatusActions(quote, queries, drafting, workflow, pdfs, projects, this::show);
        HorizontalLayout meta = new HorizontalLayout(new Paragraph(getTranslation("shared.label", getTranslation("quote.customer"))), customer,
                new Paragraph(getTranslation("shared.label", getTranslation("quote.project"))), project, validUntil,
                termsSelect(editable));
        meta.setAlignItems(Alignment.BASELINE);
        add(header, meta, actions);
        quote.approval().ifPresent(a -> add(new Paragraph(getTranslation("quote.approvedBy", a.approverName(), a.comment()))));
        if (!quote.approvalChain().isEmpty()) {
            add(new ApprovalChainText(quote.approvalChain())); // issue 16
        }
        ApprovalReasons.of(quote).ifPresent(this::add); // issue 39
        if (quote.status() == com.gpuquote.quote.QuoteStatus.ACCEPTED) {
            queries.acceptance(quote.id()).ifPresent(a -> {
                addComponentAtIndex(1, new AcceptanceBanner(a));
                addComponentAtIndex(2, new RenewalPanel(quote, renewals, this::show)); // issue 16
                if (!acceptedShown) { // open on the accepted option once; the user may then look at the others
                    acceptedShown = true;
                    for (int i = 0; i < quote.options().size(); i++) {
                        if (quote.options().get(i).name().name().equals(a.optionName())) {
                            selected = i;
                        }
                    }
                }
            });
        }
        quote.pricingErrors().forEach(f -> {
            Paragraph error = new Paragraph(FieldPaths.message(f, getLocale()));
            error.addClassName("pricing-error");
            add(error);
        });
        int wanted = selected; // adding tabs selects the first one (and the listener follows): keep the user's choice
        tabs.removeAll();
        for (int i = 0; i < quote.options().size(); i++) {
            int index = i;
            OptionMargin margin = quote.margins().map(m -> m.get(index)).orElse(null);
            OptionName optionName = quote.options().get(i).name();
            // issue 39: a tenant admin confirms vouchers with the provider while the quote is a draft or waits
            boolean mayConfirm = admin && (editable || quote.status() == com.gpuquote.quote.QuoteStatus.PENDING_APPROVAL);
            OptionEditor editor = new OptionEditor(quote.options().get(i), margin, quote.lineSizing(), catalog, gpus,
                    quote.floorUnitPrices(), editable, admin, this::save,
                    mayConfirm ? (position, reference) -> QuoteUi.attempt(() -> show(vouchers.confirm(quote.id(),
                            optionName, position, reference, quote.rowVersion()))) : null,
                    index < quote.optionApprovals().size() ? quote.optionApprovals().get(index) : null);
            editor.withhold(deprecated); // issue 39: deprecated types are not offered anew
            editor.lines.approved(quote.approval().isPresent());
            editors.add(editor);
            Tab tab = new Tab(getTranslation("quote.option", quote.options().get(i).label()));
            tab.setId("tab-option-" + quote.options().get(i).name().name());
            tabs.add(tab);
        }
        addOption.setVisible(editable);
        addOption.setEnabled(quote.options().size() < OptionName.MAX_OPTIONS);
        removeOption.setVisible(editable && !quote.options().isEmpty());
        HorizontalLayout tabBar = new HorizontalLayout(tabs, addOption, removeOption);
        if (!quote.options().isEmpty()) {
            tabBar.add(TemplateDialogs.saveButton(templates, () -> quote, () -> selected));
        }
        if (editable && quote.options().size() < OptionName.MAX_OPTIONS) {
            tabBar.add(TemplateDialogs.addButton(templates, () -> quote, this::show));
        }
        tabBar.setAlignItems(Alignment.CENTER);
        add(tabBar);
        if (quote.options().isEmpty()) {
            add(new Paragraph(getTranslation("quote.option.none")));
        }
        selected = Math.min(wanted, Math.max(0, editors.size() - 1));
        for (int i = 0; i < editors.size(); i++) {
            editors.get(i).setVisible(i == selected);
            add(editors.get(i));
        }
        if (!editors.isEmpty()) {
            tabs.setSelectedIndex(selected);
        }
    }

    /** Issue 16: the terms this quote prints; "tenant default" (empty value) unless one is chosen. */
    private com.vaadin.flow.component.select.Select<com.gpuquote.quote.QuoteTermsId> termsSelect(boolean editable) {
        var select = new com.vaadin.flow.component.select.Select<com.gpuquote.quote.QuoteTermsId>();
        select.setLabel(getTranslation("quote.terms.choose"));
        select.setId("quote-terms");
        java.util.Map<com.gpuquote.quote.QuoteTermsId, String> names = new java.util.LinkedHashMap<>();
        terms.list().forEach(t -> names.put(t.id(), t.name()));
        select.setItems(names.keySet());
        select.setEmptySelectionAllowed(true);
        select.setEmptySelectionCaption(getTranslation("quote.terms.useDefault"));
        select.setItemLabelGenerator(id -> id == null ? getTranslation("quote.terms.useDefault") : names.get(id));
        select.setValue(terms.chosen(quote.id()).orElse(null));
        select.setReadOnly(!editable);
        select.addValueChangeListener(e -> {
            if (e.isFromClient()) {
                QuoteUi.attempt(() -> show(terms.choose(quote.id(), quote.rowVersion(), e.getValue())));
            }
        });
        return select;
    }

    private List<QuoteInput.Option> inputs() {
        return new ArrayList<>(editors.stream().map(OptionEditor::toInput).toList());
    }

    void save() {
        save(inputs());
    }

    private void save(List<QuoteInput.Option> options) {
        QuoteUi.attempt(() -> show(drafting.update(quote.id(), new QuoteUpdate(quote.rowVersion(), validUntil.getValue(), options))));
    }

    @Override
    public String getPageTitle() {
        return (quote == null ? getTranslation("quote.nav") : quote.number() + " v" + quote.version()) + " | GpuQuote";
    }
}
