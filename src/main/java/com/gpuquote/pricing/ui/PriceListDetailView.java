package com.gpuquote.pricing.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListId;
import com.gpuquote.pricing.PriceListService;
import com.gpuquote.pricing.PriceRowFilter;
import com.gpuquote.commercial.BillingMode;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.ui.Confirm;
import com.gpuquote.shared.ui.Notifications;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H3;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.time.Instant;

/** TENANT_ADMIN: one price list: rows (inline edit in drafts), import, publish, archive, export, price history. */
@Route("price-lists/:id")
@RolesAllowed(Roles.TENANT_ADMIN)
public class PriceListDetailView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final Clock clock;

    private final PriceListService priceLists;
    private final PriceService prices;
    private final H3 title = new H3();
    private final Span info = new Span();
    private final HorizontalLayout actions = new HorizontalLayout();
    private final VerticalLayout chartArea = new VerticalLayout();
    /** The rows' search (instance type, GPU model, region) and billing mode; kept when the view reloads the list. */
    final TextField search = new TextField();
    final Select<BillingMode> billingMode = new Select<>();
    final Span matching = new Span();
    private final HorizontalLayout filters = new HorizontalLayout();
    PriceRowsGrid rows;
    PriceList list;

    public PriceListDetailView(PriceListService priceLists, PriceService prices, Clock clock) {
        this.clock = clock;
        this.priceLists = priceLists;
        this.prices = prices;
        addClassName("price-list-detail-view");
        setSizeFull();
        info.setId("price-list-info");
        chartArea.setPadding(false);
        search.setId("price-rows-search");
        search.setLabel(getTranslation("pricing.rows.search"));
        search.setPlaceholder(getTranslation("pricing.rows.search.placeholder"));
        search.setHelperText(getTranslation("pricing.rows.search.helper"));
        search.setPrefixComponent(VaadinIcon.SEARCH.create());
        search.setClearButtonVisible(true);
        search.setValueChangeMode(ValueChangeMode.LAZY);
        search.setWidth("20rem");
        search.addValueChangeListener(e -> filterRows());
        billingMode.setId("price-rows-billing-mode");
        billingMode.setLabel(getTranslation("pricing.row.billingMode"));
        billingMode.setItems(BillingMode.values());
        billingMode.setItemLabelGenerator(m -> m == null ? getTranslation("pricing.rows.billingMode.all")
                : getTranslation("pricing.mode." + m.name()));
        billingMode.setEmptySelectionAllowed(true);
        billingMode.setEmptySelectionCaption(getTranslation("pricing.rows.billingMode.all"));
        billingMode.addValueChangeListener(e -> filterRows());
        matching.setId("price-rows-matching");
        filters.setAlignItems(Alignment.BASELINE);
        filters.add(search, billingMode, matching);
    }

    /** The filter the search field and billing mode say. */
    PriceRowFilter filter() {
        return new PriceRowFilter(search.getValue(), billingMode.getValue());
    }

    private void filterRows() {
        if (rows != null) {
            rows.setFilter(filter());
        }
    }

    private void counted(int count) {
        PriceRowFilter filter = filter();
        matching.setText(filter.isAll() ? "" : getTranslation("pricing.rows.matching", count, list.rowCount()));
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        try {
            list = priceLists.get(PriceListId.parse(event.getRouteParameters().get("id").orElse("")));
        } catch (NotFoundException | IllegalArgumentException e) {
            event.rerouteToError(com.vaadin.flow.router.NotFoundException.class);
            return;
        }
        render();
    }

    void reload() {
        list = priceLists.get(list.id());
        render();
    }

    private void render() {
        removeAll();
        title.setText(list.name() + (list.version() == null ? "" : " · v" + list.version()));
        info.setText(PricingFormat.stateLabel(this, list, clock.instant()) + " · " + getTranslation(list.provider().labelKey()) + " · "
                + PricingFormat.window(list) + " · " + getTranslation("pricing.list.rowCount", list.rowCount()));
        rows = new PriceRowsGrid(priceLists, list, filter(), this::counted, this::reload, this::showHistory);
        renderActions();
        add(title, info, actions, filters, rows, chartArea);
    }

    private void renderActions() {
        actions.removeAll();
        if (list.isDraft()) {
            Button upload = new Button(getTranslation("pricing.import.open"), VaadinIcon.UPLOAD.create(),
                    e -> new ImportDialog(priceLists, list, this::reload).open());
            upload.setId("open-import");
            Button publish = new Button(getTranslation("pricing.publish"), VaadinIcon.CHECK.create(),
                    e -> new PublishDialog(priceLists, list, this::reload, clock).open());
            publish.setId("open-publish");
            publish.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
            actions.add(upload, publish);
        }
        Button archive = new Button(getTranslation("pricing.archive"), VaadinIcon.ARCHIVE.create(),
                e -> Confirm.ask(getTranslation("pricing.archive"), getTranslation("pricing.archive.confirm"),
                        getTranslation("pricing.archive"), true,
                        () -> Notifications.attempt(() -> {
                            priceLists.archive(list.id());
                            reload();
                        })));
        archive.setId("archive");
        archive.setEnabled(list.status() != com.gpuquote.pricing.PriceListStatus.ARCHIVED);
        Anchor export = new Anchor(Downloads.attachment("price-list-" + list.id() + ".csv", Downloads.CSV,
                () -> priceLists.export(list.id())), getTranslation("pricing.export"));
        export.getElement().setAttribute("download", true);
        export.setId("export");
        actions.add(archive, export);
    }

    private void showHistory(String instanceType) {
        chartArea.removeAll();
        chartArea.add(new PriceHistoryChart(prices, list.provider(), instanceType, clock));
    }

    @Override
    public String getPageTitle() {
        return (list == null ? getTranslation("pricing.menu.lists") : list.name()) + " | GpuQuote";
    }
}
