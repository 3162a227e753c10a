package com.gpuquote.quote.ui;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.quote.QuoteSearch;
import com.gpuquote.quote.QuoteDrafting;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ui.Formats;
import com.gpuquote.security.Colleague;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.DataProvider;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;

/** All quotes of the tenant: a lazy grid filtered by status, customer, consultant and creation date. */
@Route("quotes")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 320, title = "quote.nav", icon = "vaadin:file-text-o")
public class QuotesView extends VerticalLayout implements HasDynamicTitle, BeforeEnterObserver {

    final com.vaadin.flow.component.html.Anchor export = new com.vaadin.flow.component.html.Anchor();

    final Select<QuoteStatus> status = new Select<>();
    final ComboBox<Customer> customer = new ComboBox<>();
    final ComboBox<Colleague> consultant = new ComboBox<>();
    final Checkbox mine = new Checkbox();
    final DatePicker from = new DatePicker();
    final DatePicker to = new DatePicker();
    final TextField text = new TextField();
    final Checkbox latest = new Checkbox();
    final Grid<QuoteSummary> grid = new Grid<>(QuoteSummary.class, false);

    private final QuoteQueries queries;
    private final QuoteDrafting drafting;

    /** The grand total with VAT (a range over the options), or "priced when opened" for a draft. */
    String amount(QuoteSummary q) {
        if (q.amountFrom() == null) {
            return getTranslation("quote.list.amountDraft");
        }
        String from = com.gpuquote.shared.DisplayFormat.money(q.amountFrom(), com.gpuquote.commercial.Money.CURRENCY);
        return q.amountFrom().compareTo(q.amountTo()) == 0 ? from
                : from + " – " + com.gpuquote.shared.DisplayFormat.money(q.amountTo(), com.gpuquote.commercial.Money.CURRENCY);
    }

    /** Starts a DRAFT for a customer's project (issue 12: the list had no way to start one). */
    final com.vaadin.flow.component.button.Button newQuote = new com.vaadin.flow.component.button.Button();

    public QuotesView(QuoteQueries queries, QuoteDrafting drafting, CustomerService customers, UserService users,
                      com.gpuquote.customer.ProjectService projects) {
        this.queries = queries;
        this.drafting = drafting;
        newQuote.setText(getTranslation("quote.new"));
        newQuote.setIcon(com.vaadin.flow.component.icon.VaadinIcon.PLUS.create());
        newQuote.setId("quotes-new");
        newQuote.addThemeVariants(com.vaadin.flow.component.button.ButtonVariant.LUMO_PRIMARY);
        newQuote.addClickListener(e -> new NewQuoteDialog(drafting, customers, projects).open());
        setSizeFull();
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN);
        status.setLabel(getTranslation("quote.status"));
        status.setEmptySelectionAllowed(true);
        status.setEmptySelectionCaption(getTranslation("quote.filter.all"));
        status.setItems(QuoteStatus.values());
        status.setItemLabelGenerator(s -> s == null ? getTranslation("quote.filter.all") : getTranslation("quote.status." + s.name()));
        customer.setLabel(getTranslation("quote.customer"));
        customer.setClearButtonVisible(true);
        customer.setItems(q -> customers.search(new CustomerService.Search(q.getFilter().orElse(""), false),
                q.getOffset(), q.getLimit()).stream());
        customer.setItemLabelGenerator(Customer::name);
        consultant.setLabel(getTranslation("quote.consultant"));
        consultant.setClearButtonVisible(true);
        consultant.setId("quote-filter-consultant");
        // every consultant and admin of the tenant, for consultants too (whose quotes a colleague is working on)
        consultant.setItems(q -> users.colleagues(q.getFilter().orElse(""), q.getOffset(), q.getLimit()).stream());
        consultant.setItemLabelGenerator(Colleague::displayName);
        mine.setLabel(getTranslation("quote.filter.mine"));
        mine.setVisible(!admin);
        mine.setId("quote-filter-mine");
        from.setLabel(getTranslation("quote.filter.from"));
        to.setLabel(getTranslation("quote.filter.to"));
        text.setLabel(getTranslation("shared.search"));
        text.setValueChangeMode(ValueChangeMode.LAZY);
        text.setClearButtonVisible(true);
        latest.setLabel(getTranslation("quote.filter.latestOnly"));
        latest.setValue(true);
        status.setId("quote-filter-status");
        text.setId("quote-filter-text");
        export.setId("quotes-export");
        export.setText(getTranslation("quote.list.export"));
        export.getElement().setAttribute("download", true);
        HorizontalLayout filters = new HorizontalLayout(newQuote, text, status, customer, consultant, mine, from, to,
                latest, export);
        filters.setAlignItems(Alignment.BASELINE);
        filters.setWrap(true);
        grid.addColumn(QuoteSummary::number).setHeader(getTranslation("quote.number")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::version).setHeader(getTranslation("quote.version")).setAutoWidth(true);
        grid.addComponentColumn(q -> new StatusBadge(q.status())).setHeader(getTranslation("quote.status")).setAutoWidth(true);
        grid.addColumn(QuoteSummary::customerName).setHeader(getTranslation("quote.customer")).setFlexGrow(2);
        grid.addColumn(QuoteSummary::projectName).setHeader(getTranslation("quote.project")).setFlexGrow(2);
        grid.addColumn(this::amount).setKey("amount").setHeader(getTranslation("quote.list.amount"))
                .setTextAlign(com.vaadin.flow.component.grid.ColumnTextAlign.END).setAutoWidth(true);
        grid.addColumn(q -> q.authorName() == null ? "" : q.authorName()).setHeader(getTranslation("quote.consultant"));
        grid.addColumn(q -> q.validUntil().toString()).setHeader(getTranslation("quote.validUntil"));
        grid.addColumn(q -> Formats.chinaDate(q.createdAt())).setHeader(getTranslation("quote.created"));
        grid.setItems(DataProvider.fromCallbacks(q -> queries.search(search(), q.getOffset(), q.getLimit()).stream(),
                q -> queries.count(search())));
        grid.addItemClickListener(e -> getUI().ifPresent(ui -> ui.navigate(QuoteEditorView.class,
                new RouteParameters("id", e.getItem().id().toString()))));
        grid.setId("quotes-grid");
        grid.setSizeFull();
        status.addValueChangeListener(e -> refresh());
        customer.addValueChangeListener(e -> refresh());
        consultant.addValueChangeListener(e -> refresh());
        mine.addValueChangeListener(e -> refresh());
        from.addValueChangeListener(e -> refresh());
        to.addValueChangeListener(e -> refresh());
        text.addValueChangeListener(e -> refresh());
        latest.addValueChangeListener(e -> refresh());
        add(filters, grid);
        exportFiltered();
    }

    /** Links (e.g. the home page's tiles) preset filters: {@code ?status=DRAFT&mine=true}. */
    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var params = event.getLocation().getQueryParameters();
        params.getSingleParameter("status").flatMap(QuotesView::statusOf).ifPresent(status::setValue);
        params.getSingleParameter("mine").filter("true"::equals).filter(x -> mine.isVisible())
                .ifPresent(x -> mine.setValue(true));
    }

    private static java.util.Optional<QuoteStatus> statusOf(String name) {
        try {
            return java.util.Optional.of(QuoteStatus.valueOf(name));
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    QuoteSearch search() {
        UserId who = consultant.getValue() != null ? consultant.getValue().id()
                : Boolean.TRUE.equals(mine.getValue()) ? CurrentUser.require().userId() : null;
        return new QuoteSearch(status.getValue(), customer.getValue() == null ? null : customer.getValue().id(), who,
                from.getValue(), to.getValue(), text.getValue().isBlank() ? null : text.getValue(), latest.getValue());
    }

    private void refresh() {
        grid.getDataProvider().refreshAll();
        exportFiltered();
    }

    /** The export link serves the quotes the filters select now (the search captured, not read from the UI later). */
    private void exportFiltered() {
        QuoteSearch current = search();
        java.util.Locale locale = getLocale();
        export.setHref(com.gpuquote.shared.ui.Downloads.attachment("quotes.csv", com.gpuquote.shared.ui.Downloads.CSV,
                () -> queries.exportCsv(current, locale)));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("quote.nav") + " | GpuQuote";
    }
}
