package com.gpuquote.dashboard;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.pricing.PriceListChange;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.UserId;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The tenant admin's figures for one filter. Amounts CNY, tax-exclusive, scale 2; percents scale 2. A quote's value
 * is its tax-exclusive subtotal over the term (instance lines, monthly services × term, one-time services) of the
 * option the customer accepted, or of its first option while undecided; a DRAFT is not priced yet (value 0).
 * Margin and cost figures are here, so the whole record is TENANT_ADMIN only.
 */
public record TenantDashboard(DashboardFilter filter, String currency, List<StatusFigure> pipelineByStatus,
                              List<MonthFigure> pipelineByMonth, WinRate winRate, Discount averageDiscount,
                              List<MarginFigure> marginByGpuModel, List<MarginFigure> marginByConsultant,
                              List<PriceListChange> priceListChanges, List<CustomerRecurring> topCustomers) {

    /** Quotes (current versions) in one effective status and their value. */
    public record StatusFigure(QuoteStatus status, int quotes, BigDecimal value) {
    }

    /** Quotes created in one month: open (submitted, not decided), won (accepted), lost (rejected or expired). */
    public record MonthFigure(YearMonth month, int quotes, BigDecimal openValue, BigDecimal wonValue,
                              BigDecimal lostValue) {
    }

    /** accepted ÷ (accepted + rejected + expired) × 100; null when nothing was decided. */
    public record WinRate(int accepted, int rejected, int expired, @Nullable BigDecimal percent) {
        public int decided() {
            return accepted + rejected + expired;
        }
    }

    /**
     * Discount against list over the instance lines of every priced quote: (list − net) ÷ list × 100, weighted by
     * value (a large quote counts more than a small one); null when nothing was priced.
     */
    public record Discount(int quotes, BigDecimal listAmount, BigDecimal netAmount, @Nullable BigDecimal percent) {
    }

    /**
     * Won business (accepted quotes) of one GPU model or one consultant: instance lines whose cost is known, over
     * their terms; {@code linesWithoutCost} were left out because the price list had no cost for them.
     */
    public record MarginFigure(String key, String label, int quotes, BigDecimal revenue, BigDecimal cost,
                               BigDecimal margin, BigDecimal percent, int linesWithoutCost) {
    }

    /** A customer's monthly recurring value from accepted quotes (instance lines per month + monthly services). */
    public record CustomerRecurring(CustomerId customerId, String customerName, int acceptedQuotes,
                                    BigDecimal monthlyRecurring) {
    }

    /** Consultant of the filter, for labels. */
    public UserId consultantId() {
        return filter.consultantId();
    }
}
