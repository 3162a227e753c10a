package com.gpuquote.portal;

import com.gpuquote.commercial.BillingMode;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What the delivery team provisions after an acceptance: the accepted option's lines and terms. */
public record OrderSummary(UUID quoteId, String quoteNumber, int version, String customerName, String projectName,
                           String optionName, String signerName, String signerEmail, Instant acceptedAt,
                           List<Item> items, List<PortalQuote.Service> services, BigDecimal monthlyNet,
                           BigDecimal grandTotal, String currency) {

    public record Item(String instanceType, String region, BillingMode billingMode, int quantity, int termMonths,
                       int hoursPerMonth, BigDecimal unitPrice, BigDecimal monthlyAmount, BigDecimal termAmount) {
    }
}
