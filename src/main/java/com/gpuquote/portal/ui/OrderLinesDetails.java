package com.gpuquote.portal.ui;

import com.gpuquote.portal.OrderSummary;
import com.gpuquote.portal.PortalQuote;
import com.gpuquote.quote.ServiceCharge;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.NativeTable;
import com.vaadin.flow.component.html.NativeTableBody;
import com.vaadin.flow.component.html.NativeTableCell;
import com.vaadin.flow.component.html.NativeTableHeader;
import com.vaadin.flow.component.html.NativeTableHeaderCell;
import com.vaadin.flow.component.html.NativeTableRow;

import java.util.function.Function;

/**
 * The lines of one order in the orders grid's row details: one table row per instance line of the accepted option
 * (instance type, region, billing mode, quantity, term, monthly amount), then one per service line (description,
 * monthly or one-time amount).
 */
final class OrderLinesDetails {

    private OrderLinesDetails() {
    }

    static Component of(OrderSummary o, Function<String, String> t) {
        NativeTableRow head = new NativeTableRow();
        for (String key : new String[] {"item", "region", "mode", "quantity", "term", "monthly", "oneTime"}) {
            head.add(new NativeTableHeaderCell(t.apply("portal.orders." + key)));
        }
        NativeTableBody body = new NativeTableBody();
        for (OrderSummary.Item i : o.items()) {
            body.add(row(i.instanceType(), i.region(), t.apply("portal.mode." + i.billingMode().name()),
                    String.valueOf(i.quantity()), String.valueOf(i.termMonths()),
                    PortalFormat.money(i.monthlyAmount(), o.currency()), ""));
        }
        for (PortalQuote.Service s : o.services()) {
            String amount = PortalFormat.money(s.amount(), o.currency());
            boolean oneTime = s.charge() == ServiceCharge.ONE_TIME;
            body.add(row(s.description(), "", t.apply("portal.service." + s.charge().name()), "", "",
                    oneTime ? "" : amount, oneTime ? amount : ""));
        }
        NativeTable table = new NativeTable(new NativeTableHeader(head), body);
        table.addClassName("order-lines");
        Div details = new Div(table);
        details.setId("order-lines-" + o.quoteId());
        return details;
    }

    private static NativeTableRow row(String... cells) {
        NativeTableRow row = new NativeTableRow();
        for (String c : cells) {
            row.add(new NativeTableCell(c));
        }
        return row;
    }
}
