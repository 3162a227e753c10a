package com.gpuquote.portal.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.security.Roles;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.portal.PortalOrders;
import com.gpuquote.quote.ServiceCharge;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

/**
 * Accepted quotes for the delivery team: one row per instance line of the accepted option, then one per service
 * line (description, monthly or one-time amount); every order, and the same as CSV.
 */
@Route("orders")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 360, title = "portal.orders.nav", icon = "vaadin:truck")
public class OrdersView extends VerticalLayout implements HasDynamicTitle {

    /** One line of an order: an instance line ({@code item}) or a service line ({@code service}). */
    record Row(OrderSummary order, OrderSummary.Item item, PortalQuote.Service service) {
        boolean isService() {
            return service != null;
        }
    }

    final Grid<Row> grid = new Grid<>();

    public OrdersView(PortalOrders portal) {
        setId("orders-view");
        setSizeFull();
        List<Row> rows = portal.allOrders().stream()
                .flatMap(o -> Stream.concat(o.items().stream().map(i -> new Row(o, i, null)),
                        o.services().stream().map(sv -> new Row(o, null, sv))))
                .toList();
        grid.setId("orders-grid");
        grid.addColumn(r -> getTranslation("portal.orders.quoteVersion", r.order().quoteNumber(), r.order().version()))
                .setHeader(getTranslation("portal.orders.quote")).setAutoWidth(true);
        grid.addColumn(r -> r.order().customerName()).setHeader(getTranslation("portal.orders.customer")).setAutoWidth(true);
        grid.addColumn(r -> r.order().optionName()).setHeader(getTranslation("portal.orders.option"));
        grid.addColumn(r -> PortalFormat.time(r.order().acceptedAt())).setHeader(getTranslation("portal.orders.acceptedAt")).setAutoWidth(true);
        grid.addColumn(r -> r.order().signerName()).setHeader(getTranslation("portal.orders.signer"));
        grid.addColumn(r -> r.isService() ? r.service().description() : r.item().instanceType())
                .setHeader(getTranslation("portal.orders.item")).setAutoWidth(true).setKey("item");
        grid.addColumn(r -> r.isService() ? "" : r.item().region()).setHeader(getTranslation("portal.orders.region"));
        grid.addColumn(r -> r.isService() ? getTranslation("portal.service." + r.service().charge().name())
                : getTranslation("portal.mode." + r.item().billingMode().name())).setHeader(getTranslation("portal.orders.mode"));
        grid.addColumn(r -> r.isService() ? "" : String.valueOf(r.item().quantity())).setHeader(getTranslation("portal.orders.quantity"));
        grid.addColumn(r -> r.isService() ? "" : String.valueOf(r.item().termMonths())).setHeader(getTranslation("portal.orders.term"));
        grid.addColumn(r -> monthly(r)).setHeader(getTranslation("portal.orders.monthly")).setKey("monthly");
        grid.addColumn(r -> r.isService() && r.service().charge() == ServiceCharge.ONE_TIME
                ? PortalFormat.money(r.service().amount(), r.order().currency()) : "")
                .setHeader(getTranslation("portal.orders.oneTime")).setKey("oneTime");
        grid.addColumn(r -> PortalFormat.money(r.order().grandTotal(), r.order().currency())).setHeader(getTranslation("portal.orders.total"));
        grid.addColumn(r -> r.order().invoice() == null ? "" : getTranslation("portal.invoice.type." + r.order().invoice().type().name())
                        + " · " + r.order().invoice().title() + " · " + r.order().invoice().taxId())
                .setHeader(getTranslation("portal.orders.invoice")).setAutoWidth(true).setKey("invoice");
        grid.setItems(rows);
        grid.setEmptyStateText(getTranslation("portal.orders.empty"));
        Anchor csv = new Anchor(Downloads.attachment("orders.csv", Downloads.CSV,
                () -> ("\uFEFF" + portal.ordersCsv()).getBytes(StandardCharsets.UTF_8)), getTranslation("portal.orders.csv"));
        csv.setId("orders-csv");
        csv.getElement().setAttribute("download", true);
        add(new H2(getTranslation("portal.orders.title")), csv, grid);
    }

    private static String monthly(Row r) {
        if (r.isService()) {
            return r.service().charge() == ServiceCharge.MONTHLY
                    ? PortalFormat.money(r.service().amount(), r.order().currency()) : "";
        }
        return PortalFormat.money(r.item().monthlyAmount(), r.order().currency());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.orders.title");
    }
}
