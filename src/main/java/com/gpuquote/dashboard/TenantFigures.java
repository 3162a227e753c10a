package com.gpuquote.dashboard;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.pricing.PriceListChange;
import com.gpuquote.quote.QuoteFigures;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteStatus;

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
import java.util.Optional;
import java.util.Set;

/** Computes the tenant dashboard from the quotes' figures (plain Java: no database, no security). */
final class TenantFigures {

    static final int TOP_CUSTOMERS = 10;
    static final String UNKNOWN_GPU = "?";

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final Set<QuoteStatus> OPEN = EnumSet.of(QuoteStatus.PENDING_APPROVAL, QuoteStatus.APPROVED,
            QuoteStatus.SENT, QuoteStatus.VIEWED);
    private static final Set<QuoteStatus> LOST = EnumSet.of(QuoteStatus.REJECTED, QuoteStatus.EXPIRED);

    private TenantFigures() {
    }

    static TenantDashboard compute(DashboardFilter filter, List<QuoteFigures> quotes,
                                   Map<QuoteId, String> acceptedOptions, List<PriceListChange> priceLists) {
        Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen = new LinkedHashMap<>();
        for (QuoteFigures q : quotes) {
            chosen.put(q, chosenOption(q, acceptedOptions.get(q.id())));
        }
        return new TenantDashboard(filter, "CNY", byStatus(chosen), byMonth(filter, chosen), winRate(quotes),
                discount(chosen),
                margins(chosen, (q, l) -> l.gpuModel() == null ? UNKNOWN_GPU : l.gpuModel(),
                        (q, l) -> l.gpuModel() == null ? UNKNOWN_GPU : l.gpuModel()),
                margins(chosen, (q, l) -> q.authorId().value().toString(), (q, l) -> q.authorName()),
                List.copyOf(priceLists), topCustomers(chosen));
    }

    /** The accepted option of an accepted quote, otherwise the first (the consultant's lead proposal). */
    static Optional<QuoteFigures.Option> chosenOption(QuoteFigures q, String accepted) {
        if (!q.priced()) {
            return Optional.empty();
        }
        if (accepted != null) {
            Optional<QuoteFigures.Option> named = q.option(accepted);
            if (named.isPresent()) {
                return named;
            }
        }
        return Optional.of(q.options().get(0));
    }

    private static BigDecimal value(Optional<QuoteFigures.Option> option) {
        return option.map(QuoteFigures.Option::value).orElse(BigDecimal.ZERO);
    }

    private static List<TenantDashboard.StatusFigure> byStatus(Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen) {
        Map<QuoteStatus, int[]> counts = new EnumMap<>(QuoteStatus.class);
        Map<QuoteStatus, BigDecimal> values = new EnumMap<>(QuoteStatus.class);
        chosen.forEach((q, option) -> {
            counts.computeIfAbsent(q.status(), s -> new int[1])[0]++;
            values.merge(q.status(), value(option), BigDecimal::add);
        });
        List<TenantDashboard.StatusFigure> rows = new ArrayList<>();
        for (QuoteStatus status : QuoteStatus.values()) {
            if (status != QuoteStatus.SUPERSEDED) {
                rows.add(new TenantDashboard.StatusFigure(status, counts.getOrDefault(status, new int[1])[0],
                        amount(values.getOrDefault(status, BigDecimal.ZERO))));
            }
        }
        return rows;
    }

    private static List<TenantDashboard.MonthFigure> byMonth(DashboardFilter filter,
                                                             Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen) {
        Map<YearMonth, BigDecimal[]> months = new LinkedHashMap<>();
        Map<YearMonth, int[]> counts = new LinkedHashMap<>();
        for (YearMonth m = YearMonth.from(filter.from()); !m.isAfter(YearMonth.from(filter.to())); m = m.plusMonths(1)) {
            months.put(m, new BigDecimal[]{BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO});
            counts.put(m, new int[1]);
        }
        chosen.forEach((q, option) -> {
            YearMonth m = YearMonth.from(q.createdOn());
            BigDecimal[] sums = months.get(m);
            if (sums == null) {
                return;
            }
            counts.get(m)[0]++;
            int slot = OPEN.contains(q.status()) ? 0 : q.status() == QuoteStatus.ACCEPTED ? 1
                    : LOST.contains(q.status()) ? 2 : -1;
            if (slot >= 0) {
                sums[slot] = sums[slot].add(value(option));
            }
        });
        List<TenantDashboard.MonthFigure> rows = new ArrayList<>();
        months.forEach((m, sums) -> rows.add(new TenantDashboard.MonthFigure(m, counts.get(m)[0], amount(sums[0]),
                amount(sums[1]), amount(sums[2]))));
        return rows;
    }

    private static TenantDashboard.WinRate winRate(List<QuoteFigures> quotes) {
        int accepted = (int) quotes.stream().filter(q -> q.status() == QuoteStatus.ACCEPTED).count();
        int rejected = (int) quotes.stream().filter(q -> q.status() == QuoteStatus.REJECTED).count();
        int expired = (int) quotes.stream().filter(q -> q.status() == QuoteStatus.EXPIRED).count();
        int decided = accepted + rejected + expired;
        BigDecimal percent = decided == 0 ? null
                : BigDecimal.valueOf(accepted).multiply(HUNDRED).divide(BigDecimal.valueOf(decided), 2, RoundingMode.HALF_UP);
        return new TenantDashboard.WinRate(accepted, rejected, expired, percent);
    }

    private static TenantDashboard.Discount discount(Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen) {
        BigDecimal list = BigDecimal.ZERO;
        BigDecimal net = BigDecimal.ZERO;
        int quotes = 0;
        for (Optional<QuoteFigures.Option> option : chosen.values()) {
            if (option.isEmpty()) {
                continue;
            }
            quotes++;
            for (QuoteFigures.Line line : option.get().lines()) {
                list = list.add(line.listTermAmount());
                net = net.add(line.termAmount());
            }
        }
        BigDecimal percent = list.signum() == 0 ? null : percentOf(list.subtract(net), list);
        return new TenantDashboard.Discount(quotes, amount(list), amount(net), percent);
    }

    @FunctionalInterface
    private interface LineKey {
        String of(QuoteFigures quote, QuoteFigures.Line line);
    }

    /** Margin of accepted quotes grouped by a key of the line (GPU model) or of its quote (consultant id). */
    private static List<TenantDashboard.MarginFigure> margins(Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen,
                                                              LineKey keyOf, LineKey labelOf) {
        final class Sum {
            String key;
            String label;
            final Set<QuoteId> quotes = new java.util.HashSet<>();
            BigDecimal revenue = BigDecimal.ZERO;
            BigDecimal cost = BigDecimal.ZERO;
            int withoutCost;
        }
        Map<String, Sum> sums = new LinkedHashMap<>();
        chosen.forEach((q, option) -> {
            if (q.status() != QuoteStatus.ACCEPTED || option.isEmpty()) {
                return;
            }
            for (QuoteFigures.Line line : option.get().lines()) {
                String label = labelOf.of(q, line);
                String key = keyOf.of(q, line);
                Sum sum = sums.computeIfAbsent(key, k -> new Sum());
                sum.key = key;
                sum.label = label;
                sum.quotes.add(q.id());
                if (line.costTermAmount() == null) {
                    sum.withoutCost++;
                } else {
                    sum.revenue = sum.revenue.add(line.termAmount());
                    sum.cost = sum.cost.add(line.costTermAmount());
                }
            }
        });
        return sums.values().stream()
                .map(s -> {
                    BigDecimal margin = s.revenue.subtract(s.cost);
                    return new TenantDashboard.MarginFigure(s.key, s.label, s.quotes.size(), amount(s.revenue),
                            amount(s.cost), amount(margin), s.revenue.signum() == 0 ? null : percentOf(margin, s.revenue),
                            s.withoutCost);
                })
                .sorted(Comparator.comparing(TenantDashboard.MarginFigure::margin).reversed()
                        .thenComparing(TenantDashboard.MarginFigure::label))
                .toList();
    }

    private static List<TenantDashboard.CustomerRecurring> topCustomers(
            Map<QuoteFigures, Optional<QuoteFigures.Option>> chosen) {
        Map<CustomerId, TenantDashboard.CustomerRecurring> sums = new LinkedHashMap<>();
        chosen.forEach((q, option) -> {
            if (q.status() != QuoteStatus.ACCEPTED || option.isEmpty()) {
                return;
            }
            sums.merge(q.customerId(),
                    new TenantDashboard.CustomerRecurring(q.customerId(), q.customerName(), 1,
                            option.get().monthlyRecurring()),
                    (a, b) -> new TenantDashboard.CustomerRecurring(a.customerId(), a.customerName(),
                            a.acceptedQuotes() + 1, a.monthlyRecurring().add(b.monthlyRecurring())));
        });
        return sums.values().stream()
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
