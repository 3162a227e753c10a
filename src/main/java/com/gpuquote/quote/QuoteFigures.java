package com.gpuquote.quote;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.security.UserId;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The priced figures of one quote (its current version) for the tenant admin's dashboard: status as the customer
 * sees it (EXPIRED computed on read), the business day it was created, who wrote it, for whom, and per option the
 * totals and instance lines from the pricing snapshot. Carries cost: TENANT_ADMIN only. A DRAFT has no options here
 * (it is priced at submit).
 */
public record QuoteFigures(QuoteId id, String number, int version, QuoteStatus status, LocalDate createdOn,
                           UserId authorId, String authorName, CustomerId customerId, String customerName,
                           List<Option> options) {

    public QuoteFigures {
        options = List.copyOf(options);
    }

    public boolean priced() {
        return !options.isEmpty();
    }

    public Optional<Option> option(String name) {
        return options.stream().filter(o -> o.name().equals(name)).findFirst();
    }

    /**
     * @param value            tax-exclusive subtotal over the term: instance lines, monthly services × term, one-time
     * @param monthlyRecurring instance lines normalised to a month (hourly × hours per month, yearly ÷ 12) plus
     *                         monthly services
     */
    public record Option(String name, BigDecimal value, BigDecimal monthlyRecurring, List<Line> lines) {
        public Option {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One instance line over its term.
     *
     * @param gpuModel       the catalog's GPU model code of the instance type (null when no longer in the catalog)
     * @param costTermAmount null when the price list had no cost for it (margin unknown)
     */
    public record Line(String instanceType, @Nullable String gpuModel, BillingMode billingMode, int quantity,
                       BigDecimal listTermAmount, BigDecimal termAmount, @Nullable BigDecimal costTermAmount) {
    }
}
