package com.gpuquote.dashboard;

import com.gpuquote.CalendarTest;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.quote.QuoteFigureTotals;
import com.gpuquote.quote.QuoteStatus;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard arithmetic on hand-made aggregates (no database): empty periods, months and statuses, rounding,
 * percentages, unknown GPU models, ordering. Which option counts and what a line without cost does are proven against
 * the database in {@code QuoteFiguresTest} and {@code DashboardApiTest}.
 */
@CalendarTest
class TenantFiguresTest {

    static final DashboardFilter JAN_TO_MAR = new DashboardFilter(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 3, 31), null);

    static QuoteFigureTotals.StatusMonth row(QuoteStatus status, int month, int quotes, int priced, String value,
                                             String list, String net) {
        return new QuoteFigureTotals.StatusMonth(status, YearMonth.of(2026, month), quotes, priced,
                new BigDecimal(value), new BigDecimal(list), new BigDecimal(net));
    }

    static QuoteFigureTotals totals(List<QuoteFigureTotals.StatusMonth> rows, List<QuoteFigureTotals.Margin> gpus,
                                    List<QuoteFigureTotals.Customer> customers) {
        return new QuoteFigureTotals(rows, gpus, List.of(), customers);
    }

    @Test
    void anEmptyPeriodHasEveryMonthAndStatusAtZeroAndNoRates() {
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, totals(List.of(), List.of(), List.of()), List.of());
        assertThat(d.pipelineByMonth()).extracting(TenantDashboard.MonthFigure::month)
                .containsExactly(YearMonth.of(2026, 1), YearMonth.of(2026, 2), YearMonth.of(2026, 3));
        assertThat(d.pipelineByStatus()).hasSize(8).allSatisfy(s -> {
            assertThat(s.quotes()).isZero();
            assertThat(s.value()).isEqualByComparingTo("0");
        });
        assertThat(d.winRate().percent()).isNull();
        assertThat(d.averageDiscount().percent()).isNull();
        assertThat(d.marginByGpuModel()).isEmpty();
        assertThat(d.topCustomers()).isEmpty();
    }

    @Test
    void monthsSplitOpenWonAndLostValueAndStatusesAddUpOverMonths() {
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, totals(List.of(
                row(QuoteStatus.SENT, 2, 2, 2, "700.004", "800", "700.004"),
                row(QuoteStatus.ACCEPTED, 2, 1, 1, "3000", "4000", "3000"),
                row(QuoteStatus.EXPIRED, 3, 3, 3, "900", "900", "900"),
                row(QuoteStatus.SENT, 3, 1, 1, "100", "100", "100"),
                row(QuoteStatus.DRAFT, 3, 4, 0, "0", "0", "0")), List.of(), List.of()), List.of());
        TenantDashboard.MonthFigure february = d.pipelineByMonth().get(1);
        assertThat(february.quotes()).isEqualTo(3);
        assertThat(february.openValue()).isEqualByComparingTo("700.00");
        assertThat(february.wonValue()).isEqualByComparingTo("3000.00");
        TenantDashboard.MonthFigure march = d.pipelineByMonth().get(2);
        assertThat(march.quotes()).isEqualTo(8); // the drafts count as created, with no value
        assertThat(march.lostValue()).isEqualByComparingTo("900.00");
        assertThat(d.pipelineByStatus()).filteredOn(s -> s.status() == QuoteStatus.SENT).singleElement()
                .satisfies(s -> {
                    assertThat(s.quotes()).isEqualTo(3);
                    assertThat(s.value()).isEqualByComparingTo("800.00"); // 700.004 + 100, rounded once
                });
        // won 1 of 1 accepted + 0 rejected + 3 expired
        assertThat(d.winRate().percent()).isEqualByComparingTo("25.00");
        // discount over the 7 priced quotes: list 5800, net 4700.004 → 1099.996 / 5800 = 18.97 %
        assertThat(d.averageDiscount().quotes()).isEqualTo(7);
        assertThat(d.averageDiscount().percent()).isEqualByComparingTo("18.97");
    }

    @Test
    void marginsAreOrderedBestFirstAndAnUnknownGpuModelIsShownAsSuch() {
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, totals(List.of(), List.of(
                new QuoteFigureTotals.Margin("A10-PCIE-24GB", "A10-PCIE-24GB", 2, new BigDecimal("1000"),
                        new BigDecimal("600"), 1),
                new QuoteFigureTotals.Margin(null, null, 1, new BigDecimal("3000"), new BigDecimal("1000"), 0)),
                List.of()), List.of());
        assertThat(d.marginByGpuModel()).extracting(TenantDashboard.MarginFigure::label)
                .containsExactly(TenantFigures.UNKNOWN_GPU, "A10-PCIE-24GB");
        assertThat(d.marginByGpuModel().get(1)).satisfies(m -> {
            assertThat(m.margin()).isEqualByComparingTo("400.00");
            assertThat(m.percent()).isEqualByComparingTo("40.00");
            assertThat(m.linesWithoutCost()).isEqualTo(1);
        });
    }

    @Test
    void topCustomersAreRoundedAndTheHighestComeFirst() {
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, totals(List.of(), List.of(), List.of(
                new QuoteFigureTotals.Customer(new CustomerId(UUID.randomUUID()), "Beta", 1, new BigDecimal("99.995")),
                new QuoteFigureTotals.Customer(new CustomerId(UUID.randomUUID()), "Acme", 2, new BigDecimal("250")))),
                List.of());
        assertThat(d.topCustomers()).extracting(TenantDashboard.CustomerRecurring::customerName)
                .containsExactly("Acme", "Beta");
        assertThat(d.topCustomers().get(1).monthlyRecurring()).isEqualByComparingTo("100.00");
    }
}
