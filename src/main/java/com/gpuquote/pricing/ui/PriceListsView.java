package com.gpuquote.pricing.ui;

import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.pricing.PriceList;
import com.gpuquote.pricing.PriceListService;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteParameters;
import jakarta.annotation.security.RolesAllowed;

import java.time.Instant;

/** TENANT_ADMIN: the tenant's price lists with state, version and window; new draft; open one. */
@Route("price-lists")
@RolesAllowed(Roles.TENANT_ADMIN)
@Menu(order = 120, title = "pricing.menu.lists", icon = "vaadin:money")
public class PriceListsView extends VerticalLayout implements HasDynamicTitle {

    private final Clock clock;

    private final PriceListService priceLists;
    final Grid<PriceList> grid = new Grid<>(PriceList.class, false);

    public PriceListsView(PriceListService priceLists, Clock clock) {
        this.clock = clock;
        this.priceLists = priceLists;
        addClassName("price-lists-view");
        setSizeFull();
        Button create = new Button(getTranslation("pricing.list.new"), VaadinIcon.PLUS.create(),
                e -> new NewDraftDialog(priceLists, this::open).open());
        create.setId("new-price-list");
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        configureGrid();
        add(new HorizontalLayout(create), grid);
        refresh();
    }

    private void configureGrid() {
        Instant now = clock.instant();
        grid.setId("price-lists-grid");
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(PriceList::name).setKey("name").setHeader(getTranslation("pricing.list.name")).setFlexGrow(1);
        grid.addColumn(l -> getTranslation(l.provider().labelKey())).setKey("provider").setHeader(getTranslation("pricing.list.provider"))
                .setAutoWidth(true);
        grid.addColumn(l -> l.version() == null ? "—" : "v" + l.version()).setKey("version")
                .setHeader(getTranslation("pricing.list.version")).setAutoWidth(true);
        grid.addColumn(l -> PricingFormat.stateLabel(this, l, now)).setKey("state")
                .setHeader(getTranslation("pricing.list.state")).setAutoWidth(true);
        grid.addColumn(PricingFormat::window).setKey("window").setHeader(getTranslation("pricing.list.window"))
                .setAutoWidth(true);
        grid.addColumn(PriceList::rowCount).setKey("rows").setHeader(getTranslation("pricing.list.rows")).setAutoWidth(true);
        grid.addColumn(l -> l.sample() ? getTranslation("pricing.list.sample") : "").setKey("sample")
                .setHeader("").setAutoWidth(true);
        grid.addItemClickListener(e -> open(e.getItem()));
    }

    void refresh() {
        grid.setItems(priceLists.list());
    }

    private void open(PriceList list) {
        getUI().ifPresent(ui -> ui.navigate(PriceListDetailView.class, new RouteParameters("id", list.id().toString())));
    }

    @Override
    public String getPageTitle() {
        return getTranslation("pricing.menu.lists") + " | GpuQuote";
    }
}
