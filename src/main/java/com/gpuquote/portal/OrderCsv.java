package com.gpuquote.portal;

import com.gpuquote.shared.CsvCells;
import java.util.Objects;
import com.gpuquote.quote.ServiceCharge;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * Orders as CSV for the delivery team (UTF-8, RFC 4180): one row per instance line of the accepted option
 * ({@code line_type=instance}), then one per service line ({@code line_type=service}: description, charge and the
 * amount under monthly_amount or one_time_amount). The finance team's invoice columns (issue 16) close every row of
 * an order: invoice_type (SPECIAL 专票 / NORMAL 普票, empty when the customer gave no invoice details), invoice_title,
 * invoice_tax_id, invoice_address, invoice_phone, invoice_bank, invoice_account.
 */
public final class OrderCsv {

    public static final String HEADER = "quote,version,customer,project,option,accepted_at,signer,signer_email,"
            + "line_type,instance_type,region,billing_mode,quantity,term_months,hours_per_month,unit_price,"
            + "monthly_amount,term_amount,description,charge,one_time_amount,currency,"
            + "invoice_type,invoice_title,invoice_tax_id,invoice_address,invoice_phone,invoice_bank,invoice_account";

    private OrderCsv() {
    }

    /** The header row with its line end: a file's first line. */
    static final String HEADER_ROW = HEADER + "\r\n";

    /** The header and one row per line of each order. */
    public static String write(List<OrderSummary> orders) {
        return HEADER_ROW + rows(orders);
    }

    /** The rows of these orders without the header: a page of an export written as it is read. */
    static String rows(List<OrderSummary> orders) {
        StringBuilder sb = new StringBuilder(orders.size() * 400);
        for (OrderSummary o : orders) {
            // the order's own cells open and close each of its rows: escaped once per order, not per line
            StringBuilder order = new StringBuilder();
            cells(order, o.quoteNumber(), o.version(), o.customerName(), o.projectName(), o.optionName(),
                    o.acceptedAt(), o.signerName(), o.signerEmail());
            String head = order.append(',').toString();
            StringBuilder tail = new StringBuilder(",");
            InvoiceDetails i = o.invoice();
            if (i == null) {
                cells(tail, o.currency(), null, null, null, null, null, null, null);
            } else {
                cells(tail, o.currency(), i.type(), i.title(), i.taxId(), i.address(), i.phone(), i.bank(), i.account());
            }
            String end = tail.append("\r\n").toString();
            for (OrderSummary.Item l : o.items()) {
                sb.append(head);
                cells(sb, "instance", l.instanceType(), l.region(), l.billingMode(), l.quantity(), l.termMonths(),
                        l.hoursPerMonth(), l.unitPrice(), l.monthlyAmount(), l.termAmount(), null, null, null);
                sb.append(end);
            }
            for (PortalQuote.Service s : o.services()) {
                boolean monthly = s.charge() == ServiceCharge.MONTHLY;
                sb.append(head);
                cells(sb, "service", null, null, null, null, null, null, null, monthly ? s.amount() : null, null,
                        s.description(), s.charge(), monthly ? null : s.amount());
                sb.append(end);
            }
        }
        return sb.toString();
    }

    /** Comma-separated cells, a null one empty. */
    private static void cells(StringBuilder sb, @Nullable Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            if (values[i] != null) {
                sb.append(cell(values[i].toString()));
            }
        }
    }

    /** Quotes when needed; a would-be formula is escaped ({@link CsvCells}). */
    static String cell(String v) {
        String s = Objects.requireNonNullElse(CsvCells.escape(v), "");
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
