package com.gpuquote.dashboard;

import com.gpuquote.pricing.PriceListChange;
import com.gpuquote.quote.QuoteFigureTotals;
import com.gpuquote.quote.QuoteStatus;

import com.gpuquote.commercial.Margin;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes the tenant dashboard from the quotes' aggregated figures (plain Java: no database, no security): rounding,
 * percentages, empty months and statuses, ordering.
 */
final class TenantFigures {

    static final int TOP_CUSTOMERS = 10;
    static final String UNKNOWN_GPU = "?";

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final Set<QuoteStatus> OPEN = EnumSet.of(QuoteStatus.PENDING_APPROVAL, QuoteStatus.APPROVED,
            QuoteStatus.SENT, QuoteStatus.VIEWED);
    private static final Set<QuoteStatus> LOST = EnumSet.of(QuoteStatus.REJECTED, QuoteStatus.EXPIRED);

    private TenantFigures() {
    }

    static TenantDashboard compute(DashboardFilter filter, QuoteFigureTotals totals, List<PriceListChange> priceLists) {
        List<QuoteFigureTotals.StatusMonth> rows = totals.byStatusAndMonth();
        return new TenantDashboard(filter, "CNY", byStatus(rows), byMonth(filter, rows), winRate(rows), discount(rows),
                margins(totals.acceptedByGpuModel(), UNKNOWN_GPU), margins(totals.acceptedByAuthor(), ""),
                List.copyOf(priceLists), topCustomers(totals.topCustomers()));
    }

    private static List<TenantDashboard.StatusFigure> byStatus(List<QuoteFigureTotals.StatusMonth> rows) {
        Map<QuoteStatus, Integer> counts = new EnumMap<>(QuoteStatus.class);
        Map<QuoteStatus, BigDecimal> values = new EnumMap<>(QuoteStatus.class);
        for (QuoteFigureTotals.StatusMonth r : rows) {
            counts.merge(r.status(), r.quotes(), Integer::sum);
            values.merge(r.status(), r.value(), BigDecimal::add);
        }
        List<TenantDashboard.StatusFigure> figures = new ArrayList<>();
        for (QuoteStatus status : QuoteStatus.values()) {
            if (status != QuoteStatus.SUPERSEDED) {
                figures.add(new TenantDashboard.StatusFigure(status, counts.getOrDefault(status, 0),
                        amount(values.getOrDefault(status, BigDecimal.ZERO))));
            }
        }
        return figures;
    }

    /** Every month of the period, empty ones at zero: quotes created, and the value still open, won and lost. */
    private static List<TenantDashboard.MonthFigure> byMonth(DashboardFilter filter,
                                                             List<QuoteFigureTotals.StatusMonth> rows) {
        Map<YearMonth, BigDecimal[]> months = new LinkedHashMap<>();
        Map<YearMonth, int[]> counts = new LinkedHashMap<>();
        for (YearMonth m = YearMonth.from(filter.from()); !m.isAfter(YearMonth.from(filter.to())); m = m.plusMonths(1)) {
            months.put(m, new BigDecimal[]{BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
            counts.put(m, new int[1]);
        }
        for (QuoteFigureTotals.StatusMonth r : rows) {
            BigDecimal[] sums = months.get(r.month());
            if (sums == null) {
                continue;
            }
            counts.get(r.month())[0] += r.quotes();
            int slot = OPEN.contains(r.status()) ? 0 : r.status() == QuoteStatus.ACCEPTED ? 1
                    : LOST.contains(r.status()) ? 2 : -1;
            if (slot >= 0) {
                sums[slot] = sums[slot].add(r.value());
            }
        }
        List<TenantDashboard.MonthFigure> figures = new ArrayList<>();
        months.forEach((m, sums) -> figures.add(new TenantDashboard.MonthFigure(m, counts.get(m)[0], amount(sums[0]),
                amount(sums[1]), amount(sums[2]))));
        return figures;
    }

    private static TenantDashboard.WinRate winRate(List<QuoteFigureTotals.StatusMonth> rows) {
        int accepted = count(rows, QuoteStatus.ACCEPTED);
        int rejected = count(rows, QuoteStatus.REJECTED);
        int expired = count(rows, QuoteStatus.EXPIRED);
        int decided = accepted + rejected + expired;
        BigDecimal percent = decided == 0 ? null
                : BigDecimal.valueOf(accepted).multiply(HUNDRED).divide(BigDecimal.valueOf(decided), 2, RoundingMode.HALF_UP);
        return new TenantDashboard.WinRate(accepted, rejected, expired, percent);
    }

    private static int count(List<QuoteFigureTotals.StatusMonth> rows, QuoteStatus status) {
        return rows.stream().filter(r -> r.status() == status).mapToInt(QuoteFigureTotals.StatusMonth::quotes).sum();
    }

    /** List against net amount of the instance lines of every priced quote's chosen option. */
    private static TenantDashboard.Discount discount(List<QuoteFigureTotals.StatusMonth> rows) {
        BigDecimal list = BigDecimal.ZERO;
        BigDecimal net = BigDecimal.ZERO;
        int quotes = 0;
        for (QuoteFigureTotals.StatusMonth r : rows) {
            quotes += r.priced();
            list = list.add(r.listTotal());
            net = net.add(r.netTotal());
        }
        BigDecimal percent = list.signum() == 0 ? null : percentOf(list.subtract(net), list);
        return new TenantDashboard.Discount(quotes, amount(list), amount(net), percent);
    }

    /** Margin of accepted quotes per group, the best first; a group without a key is shown as {@code unknown}. */
    private static List<TenantDashboard.MarginFigure> margins(List<QuoteFigureTotals.Margin> groups, String unknown) {
        return groups.stream()
                .map(g -> {
                    Margin margin = Margin.of(g.revenue(), g.cost());
                    String key = g.key() == null ? unknown : g.key();
                    String label = g.label() == null ? unknown : g.label();
                    return new TenantDashboard.MarginFigure(key, label, g.quotes(), amount(g.revenue()),
                            amount(margin.cost()), amount(margin.amount()), margin.percent(), g.linesWithoutCost());
                })
                .sorted(Comparator.comparing(TenantDashboard.MarginFigure::margin).reversed()
                        .thenComparing(TenantDashboard.MarginFigure::label))
                .toList();
    }

    private static List<TenantDashboard.CustomerRecurring> topCustomers(List<QuoteFigureTotals.Customer> customers) {
        return customers.stream()
                .map(c -> new TenantDashboard.CustomerRecurring(c.customerId(), c.customerName(), c.acceptedQuotes(),
                        amount(c.monthlyRecurring())))
                .sorted(Comparator.comparing(TenantDashboard.CustomerRecurring::monthlyRecurring).reversed()
                        .thenComparing(TenantDashboard.CustomerRecurring::customerName))
                .limit(TOP_CUSTOMERS)
                .toList();
    }

    private static BigDecimal percentOf(BigDecimal part, BigDecimal whole) {
        return part.multiply(HUNDRED).divide(whole, 2, RoundingMode.HALF_UP);
    }

    private static BigDecimal amount(BigDecimal value) {
        return value.setScale(2, RoundingMode.HALF_UP);
    }
}
