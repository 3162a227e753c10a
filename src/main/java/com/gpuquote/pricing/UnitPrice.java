package com.gpuquote.pricing;

import java.math.BigDecimal;

/**
 * A list price in force, safe for every role (consultants, quotes shown to customers). No cost field, by design.
 *
 * @param listPrice   per hour (HOURLY, SPOT), per month (MONTHLY) or per year (YEARLY); NUMERIC(19,4)
 * @param priceListId the published list the price comes from
 * @param version     that list's version
 */
public record UnitPrice(PriceKey key, BigDecimal listPrice, String currency, PriceListId priceListId, int version) {
}
