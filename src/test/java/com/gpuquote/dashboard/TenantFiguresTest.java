package com.gpuquote.dashboard;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFigures;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.UserId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The dashboard arithmetic on hand-made figures (no database): option choice, empty periods, unknown cost. */
class TenantFiguresTest {

    static final DashboardFilter JAN_TO_MAR = new DashboardFilter(LocalDate.of(2026, 1, 1), LocalDate.of(2026, 3, 31), null);
    static final UserId ALICE = new UserId(UUID.randomUUID());
    static final CustomerId ACME = new CustomerId(UUID.randomUUID());

    static QuoteFigures quote(QuoteStatus status, LocalDate created, QuoteFigures.Option... options) {
        return new QuoteFigures(new QuoteId(UUID.randomUUID()), "Q-2026-0001", 1, status, created, ALICE, "Alice",
                ACME, "Acme", List.of(options));
    }

    static QuoteFigures.Option option(String name, String value, String monthly, QuoteFigures.Line... lines) {
        return new QuoteFigures.Option(name, new BigDecimal(value), new BigDecimal(monthly), List.of(lines));
    }

    static QuoteFigures.Line line(String list, String net, String cost) {
        return new QuoteFigures.Line("ecs.gni2.3xlarge", "A10-PCIE-24GB", BillingMode.MONTHLY, 1, new BigDecimal(list),
                new BigDecimal(net), cost == null ? null : new BigDecimal(cost));
    }

    @Test
    void anEmptyPeriodHasEveryMonthAndStatusAtZeroAndNoRates() {
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, List.of(), Map.of(), List.of());
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
    void anAcceptedQuoteCountsTheAcceptedOptionAndAnOpenOneItsFirst() {
        QuoteFigures accepted = quote(QuoteStatus.ACCEPTED, LocalDate.of(2026, 2, 3),
                option("A", "1000.00", "100.00", line("1000.00", "1000.00", "500.00")),
                option("B", "3000.00", "250.00", line("4000.00", "3000.00", "1000.00")));
        QuoteFigures open = quote(QuoteStatus.SENT, LocalDate.of(2026, 2, 10),
                option("A", "700.00", "70.00", line("700.00", "700.00", null)),
                option("B", "9000.00", "900.00", line("9000.00", "9000.00", null)));
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, List.of(accepted, open), Map.of(accepted.id(), "B"),
                List.of());
        TenantDashboard.MonthFigure february = d.pipelineByMonth().get(1);
        assertThat(february.wonValue()).isEqualByComparingTo("3000.00");
        assertThat(february.openValue()).isEqualByComparingTo("700.00");
        // B: margin 3000 − 1000 = 2000 of 3000 = 66.67 %
        assertThat(d.marginByGpuModel()).singleElement().satisfies(m -> {
            assertThat(m.margin()).isEqualByComparingTo("2000.00");
            assertThat(m.percent()).isEqualByComparingTo("66.67");
        });
        assertThat(d.topCustomers()).singleElement()
                .satisfies(c -> assertThat(c.monthlyRecurring()).isEqualByComparingTo("250.00"));
        // discount: list 4000 + 700, net 3000 + 700 → 1000 / 4700 = 21.28 %
        assertThat(d.averageDiscount().percent()).isEqualByComparingTo("21.28");
    }

    @Test
    void linesWithoutCostAreLeftOutOfMarginAndCounted() {
        QuoteFigures accepted = quote(QuoteStatus.ACCEPTED, LocalDate.of(2026, 3, 1),
                option("A", "3000.00", "300.00", line("1000.00", "1000.00", "600.00"),
                        line("2000.00", "2000.00", null)));
        TenantDashboard d = TenantFigures.compute(JAN_TO_MAR, List.of(accepted), Map.of(), List.of());
        assertThat(d.marginByConsultant()).singleElement().satisfies(m -> {
            assertThat(m.revenue()).isEqualByComparingTo("1000.00");
            assertThat(m.cost()).isEqualByComparingTo("600.00");
            assertThat(m.percent()).isEqualByComparingTo("40.00");
            assertThat(m.linesWithoutCost()).isEqualTo(1);
            assertThat(m.label()).isEqualTo("Alice");
        });
    }
}
