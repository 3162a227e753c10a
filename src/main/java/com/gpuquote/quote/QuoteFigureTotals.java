package com.gpuquote.quote;

import com.gpuquote.customer.CustomerId;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.List;

/**
 * The priced figures of a tenant's quotes (current versions) created in a period, aggregated for the tenant admin's
 * dashboard. Each quote counts one option, its <em>chosen</em> one: the option the customer accepted, otherwise the
 * first (the consultant's lead proposal); a DRAFT has none (it is priced at submit). Carries cost: TENANT_ADMIN only.
 * Amounts are exact sums (not rounded).
 *
 * @param byStatusAndMonth   every (effective status, month of creation) with at least one quote
 * @param acceptedByGpuModel the instance lines of accepted quotes per GPU model (key null: not in the catalog)
 * @param acceptedByAuthor   the instance lines of accepted quotes per consultant (key: the user id)
 * @param topCustomers       customers by the monthly recurring value of their accepted quotes, highest first
 */
public record QuoteFigureTotals(List<StatusMonth> byStatusAndMonth, List<Margin> acceptedByGpuModel,
                                List<Margin> acceptedByAuthor, List<Customer> topCustomers) {

    public QuoteFigureTotals {
        byStatusAndMonth = List.copyOf(byStatusAndMonth);
        acceptedByGpuModel = List.copyOf(acceptedByGpuModel);
        acceptedByAuthor = List.copyOf(acceptedByAuthor);
        topCustomers = List.copyOf(topCustomers);
    }

    /**
     * Quotes of one effective status (EXPIRED computed on read) created in one business month (China time).
     *
     * @param priced    how many of them have a chosen option
     * @param value     sum of the chosen options' tax-exclusive subtotals over the term
     * @param listTotal sum over the chosen options' instance lines of their list amount over the term
     * @param netTotal  the same of their net amount
     */
    public record StatusMonth(QuoteStatus status, YearMonth month, int quotes, int priced, BigDecimal value,
                              BigDecimal listTotal, BigDecimal netTotal) {
    }

    /**
     * @param quotes           how many accepted quotes have such lines
     * @param revenue          net amount over the term of the lines whose cost is known
     * @param cost             cost over the term of those lines
     * @param linesWithoutCost lines the price list had no cost for (margin unknown)
     */
    public record Margin(@Nullable String key, @Nullable String label, int quotes, BigDecimal revenue, BigDecimal cost,
                         int linesWithoutCost) {
    }

    /** @param monthlyRecurring instance lines normalised to a month plus monthly services, summed */
    public record Customer(CustomerId customerId, String customerName, int acceptedQuotes,
                           BigDecimal monthlyRecurring) {
    }
}
