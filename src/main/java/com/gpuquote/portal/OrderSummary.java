package com.gpuquote.portal;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What the delivery team provisions after an acceptance: the accepted option's lines and terms; and for the finance
 * team the invoice details the customer gave ({@code invoice}, null when none; issue 16).
 */
public record OrderSummary(UUID quoteId, String quoteNumber, int version, String customerName, String projectName,
                           String optionName, String signerName, String signerEmail, Instant acceptedAt,
                           List<Item> items, List<PortalQuote.Service> services, BigDecimal monthlyNet,
                           BigDecimal grandTotal, String currency, InvoiceDetails invoice) {

    /** This order with these lines (the repository reads an order's header and its lines in separate statements). */
    public OrderSummary withLines(List<Item> items, List<PortalQuote.Service> services) {
        return new OrderSummary(quoteId, quoteNumber, version, customerName, projectName, optionName, signerName,
                signerEmail, acceptedAt, List.copyOf(items), List.copyOf(services), monthlyNet, grandTotal, currency,
                invoice);
    }

    public record Item(String instanceType, String region, BillingMode billingMode, int quantity, int termMonths,
                       int hoursPerMonth, BigDecimal unitPrice, BigDecimal monthlyAmount, BigDecimal termAmount) {
    }
}
