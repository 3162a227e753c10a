package com.gpuquote.portal.ui;

import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalService;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.StreamResource;
import jakarta.annotation.security.RolesAllowed;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Accepted quotes for the delivery team: one row per instance line of the accepted option, and the CSV. */
@Route("orders")
@RolesAllowed({"CONSULTANT", "TENANT_ADMIN"})
@Menu(order = 360, title = "portal.orders.nav", icon = "vaadin:truck")
public class OrdersView extends VerticalLayout implements HasDynamicTitle {

    record Row(OrderSummary order, OrderSummary.Item item) {
    }

    final Grid<Row> grid = new Grid<>();

    public OrdersView(PortalService portal) {
        setId("orders-view");
        setSizeFull();
        List<Row> rows = portal.orders(0, 500).stream()
                .flatMap(o -> o.items().stream().map(i -> new Row(o, i))).toList();
        grid.setId("orders-grid");
        grid.addColumn(r -> r.order().quoteNumber() + " v" + r.order().version()).setHeader(getTranslation("portal.orders.quote")).setAutoWidth(true);
        grid.addColumn(r -> r.order().customerName()).setHeader(getTranslation("portal.orders.customer")).setAutoWidth(true);
        grid.addColumn(r -> r.order().optionName()).setHeader(getTranslation("portal.orders.option"));
        grid.addColumn(r -> PortalFormat.time(r.order().acceptedAt())).setHeader(getTranslation("portal.orders.acceptedAt")).setAutoWidth(true);
        grid.addColumn(r -> r.order().signerName()).setHeader(getTranslation("portal.orders.signer"));
        grid.addColumn(r -> r.item().instanceType()).setHeader(getTranslation("portal.orders.instanceType")).setAutoWidth(true);
        grid.addColumn(r -> r.item().region()).setHeader(getTranslation("portal.orders.region"));
        grid.addColumn(r -> getTranslation("portal.mode." + r.item().billingMode().name())).setHeader(getTranslation("portal.orders.mode"));
        grid.addColumn(r -> r.item().quantity()).setHeader(getTranslation("portal.orders.quantity"));
        grid.addColumn(r -> r.item().termMonths()).setHeader(getTranslation("portal.orders.term"));
        grid.addColumn(r -> PortalFormat.money(r.item().monthlyAmount())).setHeader(getTranslation("portal.orders.monthly"));
        grid.addColumn(r -> PortalFormat.money(r.order().grandTotal())).setHeader(getTranslation("portal.orders.total"));
        grid.setItems(rows);
        grid.setEmptyStateText(getTranslation("portal.orders.empty"));
        Anchor csv = new Anchor(new StreamResource("orders.csv", () -> new ByteArrayInputStream(
                ("\uFEFF" + portal.ordersCsv()).getBytes(StandardCharsets.UTF_8))), getTranslation("portal.orders.csv"));
        csv.setId("orders-csv");
        csv.getElement().setAttribute("download", true);
        add(new H2(getTranslation("portal.orders.title")), csv, grid);
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.orders.title");
    }
}
