package com.gpuquote.pricing.ui;

import com.gpuquote.shared.Roles;
import java.time.Clock;
import com.gpuquote.catalog.CatalogService;
import com.gpuquote.catalog.Provider;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.pricing.PriceService;
import com.gpuquote.pricing.UnitPrice;
import com.gpuquote.shared.DisplayFormat;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.EnumSet;
import java.util.Set;

/**
 * Read-only list prices in force now, for consultants (and admins). Built only from {@link UnitPrice}, which has no
 * cost field, so no cost can reach this view.
 */
@Route("prices")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 130, title = "pricing.menu.prices", icon = "vaadin:tag")
public class PricesView extends VerticalLayout implements HasDynamicTitle {

    private final Clock clock;

    private final PriceService prices;
    private final CatalogService catalog;
    final ComboBox<Provider> provider = new ComboBox<>();
    final ComboBox<String> region = new ComboBox<>();
    final ComboBox<BillingMode> billingMode = new ComboBox<>();
    final Grid<UnitPrice> grid = new Grid<>(UnitPrice.class, false);

    public PricesView(PriceService prices, CatalogService catalog, Clock clock) {
        this.clock = clock;
        this.prices = prices;
        this.catalog = catalog;
        addClassName("prices-view");
        setSizeFull();
        // providers and their regions as the catalog offers them (no hard-coded lists)
        List<Provider> providers = Arrays.stream(Provider.values()).filter(p -> !catalog.regions(p).isEmpty()).toList();
        provider.setId("prices-provider");
        provider.setLabel(getTranslation("field.provider"));
        provider.setItems(providers);
        provider.setItemLabelGenerator(p -> getTranslation(p.labelKey()));
        provider.setValue(providers.isEmpty() ? null : providers.get(0));
        provider.setVisible(providers.size() > 1);
        region.setId("prices-region");
        region.setLabel(getTranslation("pricing.row.region"));
        region.setItems(provider.getValue() == null ? List.of() : catalog.regions(provider.getValue()));
        region.setClearButtonVisible(true);
        provider.addValueChangeListener(e -> {
            region.setItems(e.getValue() == null ? List.of() : catalog.regions(e.getValue()));
            region.clear();
            refresh();
        });
        billingMode.setId("prices-billing-mode");
        billingMode.setLabel(getTranslation("pricing.row.billingMode"));
        billingMode.setItems(BillingMode.values());
        billingMode.setItemLabelGenerator(m -> getTranslation("pricing.mode." + m.name()));
        billingMode.setClearButtonVisible(true);
        region.addValueChangeListener(e -> refresh());
        billingMode.addValueChangeListener(e -> refresh());
        grid.setId("prices-grid");
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
        grid.addColumn(p -> p.key().instanceType()).setKey("instanceType").setHeader(getTranslation("pricing.row.instanceType"))
                .setAutoWidth(true).setSortable(true);
        grid.addColumn(p -> p.key().region()).setKey("region").setHeader(getTranslation("pricing.row.region")).setAutoWidth(true);
        grid.addColumn(p -> getTranslation("pricing.mode." + p.key().billingMode().name())).setKey("billingMode")
                .setHeader(getTranslation("pricing.row.billingMode")).setAutoWidth(true);
        // with its unit: hourly, monthly and yearly prices share the column (issue 12)
        grid.addColumn(p -> DisplayFormat.unitPrice(p.listPrice(), p.currency(),
                        DisplayFormat.Per.ofBillingMode(p.key().billingMode()), getLocale())).setKey("listPrice")
                .setHeader(getTranslation("pricing.row.listPrice")).setAutoWidth(true);
        grid.addColumn(p -> "v" + p.version()).setKey("version").setHeader(getTranslation("pricing.list.version"))
                .setAutoWidth(true);
        add(new HorizontalLayout(provider, region, billingMode), grid);
        refresh();
    }

    void refresh() {
        Set<BillingMode> modes = billingMode.getValue() == null ? EnumSet.allOf(BillingMode.class) : EnumSet.of(billingMode.getValue());
        if (provider.getValue() == null) {
            grid.setItems(List.of());
            return;
        }
        grid.setItems(prices.pricesInForce(provider.getValue(), region.getValue(), modes, clock.instant()).values());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("pricing.menu.prices") + " | GpuQuote";
    }
}
