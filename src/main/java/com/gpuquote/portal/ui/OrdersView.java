package com.gpuquote.portal.ui;

import com.gpuquote.shared.ui.Downloads;
import com.gpuquote.shared.Roles;
import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalOrders;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.quote.ServiceCharge;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.renderer.ComponentRenderer;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.RolesAllowed;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * Accepted quotes for the delivery team: a lazy grid with one row per order (a page read at a time, sized by a
 * count); clicking a row opens its instance and service lines ({@link OrderLinesDetails}). The CSV holds every order,
 * streamed to the browser a page at a time.
 */
@Route("orders")
@RolesAllowed({Roles.CONSULTANT, Roles.TENANT_ADMIN})
@Menu(order = 360, title = "portal.orders.nav", icon = "vaadin:truck")
public class OrdersView extends VerticalLayout implements HasDynamicTitle {

    final Grid<OrderSummary> grid = new Grid<>();

    public OrdersView(PortalOrders portal) {
        setId("orders-view");
        setSizeFull();
        grid.setId("orders-grid");
        grid.addColumn(o -> getTranslation("portal.orders.quoteVersion", o.quoteNumber(), o.version()))
                .setHeader(getTranslation("portal.orders.quote")).setAutoWidth(true);
        grid.addColumn(OrderSummary::customerName).setHeader(getTranslation("portal.orders.customer")).setAutoWidth(true);
        grid.addColumn(OrderSummary::optionName).setHeader(getTranslation("portal.orders.option"));
        grid.addColumn(o -> PortalFormat.time(o.acceptedAt())).setHeader(getTranslation("portal.orders.acceptedAt")).setAutoWidth(true);
        grid.addColumn(OrderSummary::signerName).setHeader(getTranslation("portal.orders.signer"));
        grid.addColumn(o -> getTranslation("portal.orders.lines", o.items().size(), o.services().size()))
                .setHeader(getTranslation("portal.orders.item")).setAutoWidth(true).setKey("lines");
        grid.addColumn(o -> PortalFormat.money(o.monthlyNet(), o.currency()))
                .setHeader(getTranslation("portal.orders.monthly")).setKey("monthly");
        grid.addColumn(OrdersView::oneTime).setHeader(getTranslation("portal.orders.oneTime")).setKey("oneTime");
        grid.addColumn(o -> PortalFormat.money(o.grandTotal(), o.currency())).setHeader(getTranslation("portal.orders.total"));
        grid.addColumn(o -> o.invoice() == null ? "" : getTranslation("portal.invoice.type." + o.invoice().type().name())
                        + " · " + o.invoice().title() + " · " + o.invoice().taxId())
                .setHeader(getTranslation("portal.orders.invoice")).setAutoWidth(true).setKey("invoice");
        grid.setItemDetailsRenderer(new ComponentRenderer<>(o -> OrderLinesDetails.of(o, this::getTranslation)));
        grid.setDetailsVisibleOnClick(true);
        grid.setItems(query -> portal.orders(query.getOffset(), query.getLimit()).stream(),
                query -> portal.countOrders());
        grid.setEmptyStateText(getTranslation("portal.orders.empty"));
        Anchor csv = new Anchor(Downloads.attachmentStream("orders.csv", Downloads.CSV, out -> {
            // UTF-8 with a byte order mark, so that Excel reads the Chinese names right
            Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            writer.write('\uFEFF');
            portal.writeOrdersCsv(writer);
            writer.flush();
        }), getTranslation("portal.orders.csv"));
        csv.setId("orders-csv");
        csv.getElement().setAttribute("download", true);
        add(new H2(getTranslation("portal.orders.title")), csv, grid);
    }

    /** The sum of the order's one-time service lines, blank when it has none. */
    private static String oneTime(OrderSummary o) {
        BigDecimal sum = o.services().stream().filter(s -> s.charge() == ServiceCharge.ONE_TIME)
                .map(PortalQuote.Service::amount).reduce(null, (a, b) -> a == null ? b : a.add(b));
        return sum == null ? "" : PortalFormat.money(sum, o.currency());
    }

    @Override
    public String getPageTitle() {
        return getTranslation("portal.orders.title");
    }
}
