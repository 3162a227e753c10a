package com.gpuquote.portal;

import java.util.List;

/** Orders as CSV for the delivery team: one row per instance line of the accepted option (UTF-8, RFC 4180). */
public final class OrderCsv {

    public static final String HEADER = "quote,version,customer,project,option,accepted_at,signer,signer_email,"
            + "instance_type,region,billing_mode,quantity,term_months,hours_per_month,unit_price,monthly_amount,"
            + "term_amount,currency";

    private OrderCsv() {
    }

    public static String write(List<OrderSummary> orders) {
        StringBuilder sb = new StringBuilder(HEADER).append("\r\n");
        for (OrderSummary o : orders) {
            for (OrderSummary.Item i : o.items()) {
                row(sb, o.quoteNumber(), o.version(), o.customerName(), o.projectName(), o.optionName(), o.acceptedAt(),
                        o.signerName(), o.signerEmail(), i.instanceType(), i.region(), i.billingMode(), i.quantity(),
                        i.termMonths(), i.hoursPerMonth(), i.unitPrice(), i.monthlyAmount(), i.termAmount(), o.currency());
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(cell(values[i] == null ? "" : values[i].toString()));
        }
        sb.append("\r\n");
    }

    /** Quotes when needed; a leading =, +, - or @ is prefixed with ' so spreadsheets do not run it as a formula. */
    static String cell(String v) {
        String s = !v.isEmpty() && "=+-@".indexOf(v.charAt(0)) >= 0 ? "'" + v : v;
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }
}
