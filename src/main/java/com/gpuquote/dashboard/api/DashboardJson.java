package com.gpuquote.dashboard.api;

import com.gpuquote.dashboard.PlatformDashboard;
import com.gpuquote.dashboard.TenantDashboard;
import com.gpuquote.pricing.PriceListChange;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** JSON of the dashboards. Amounts and percents are strings in plain notation ("1234.50"), as in the quote API. */
final class DashboardJson {

    private DashboardJson() {
    }

    record Tenant(String from, String to, UUID consultantId, String currency, List<Status> pipelineByStatus,
                  List<Month> pipelineByMonth, WinRate winRate, Discount averageDiscount,
                  List<GpuMargin> marginByGpuModel, List<ConsultantMargin> marginByConsultant,
                  List<PriceListPublish> priceListChanges, List<Customer> topCustomers) {
    }

    record Status(String status, int quotes, String value) {
    }

    record Month(String month, int quotes, String openValue, String wonValue, String lostValue) {
    }

    record WinRate(int accepted, int rejected, int expired, int decided, String percent) {
    }

    record Discount(int quotes, String listAmount, String netAmount, String percent) {
    }

    record GpuMargin(String gpuModel, int quotes, String revenue, String cost, String margin, String marginPercent,
                     int linesWithoutCost) {
    }

    record ConsultantMargin(UUID consultantId, String consultant, int quotes, String revenue, String cost,
                            String margin, String marginPercent, int linesWithoutCost) {
    }

    record PriceListPublish(UUID id, String name, String provider, int version, Instant publishedAt,
                            Instant effectiveFrom, int rows, int added, int removed, int changed, int changedRows) {
    }

    record Customer(UUID customerId, String customer, int acceptedQuotes, String monthlyRecurring) {
    }

    record Platform(int totalUsers, int totalQuotes, List<TenantActivity> tenants) {
    }

    record TenantActivity(UUID tenantId, String slug, String name, String status, Instant createdAt, int users,
                          int enabledUsers, int quotes, Instant lastLogin, Instant lastQuoteChange,
                          Instant lastActivity) {
    }

    static Tenant of(TenantDashboard d) {
        var w = d.winRate();
        var disc = d.averageDiscount();
        return new Tenant(d.filter().from().toString(), d.filter().to().toString(),
                d.consultantId() == null ? null : d.consultantId().value(), d.currency(),
                d.pipelineByStatus().stream().map(s -> new Status(s.status().name(), s.quotes(), plain(s.value())))
                        .toList(),
                d.pipelineByMonth().stream().map(m -> new Month(m.month().toString(), m.quotes(),
                        plain(m.openValue()), plain(m.wonValue()), plain(m.lostValue()))).toList(),
                new WinRate(w.accepted(), w.rejected(), w.expired(), w.decided(), plain(w.percent())),
                new Discount(disc.quotes(), plain(disc.listAmount()), plain(disc.netAmount()), plain(disc.percent())),
                d.marginByGpuModel().stream().map(m -> new GpuMargin(m.label(), m.quotes(), plain(m.revenue()),
                        plain(m.cost()), plain(m.margin()), plain(m.percent()), m.linesWithoutCost())).toList(),
                d.marginByConsultant().stream().map(m -> new ConsultantMargin(UUID.fromString(m.key()), m.label(),
                        m.quotes(), plain(m.revenue()), plain(m.cost()), plain(m.margin()), plain(m.percent()),
                        m.linesWithoutCost())).toList(),
                d.priceListChanges().stream().map(DashboardJson::publish).toList(),
                d.topCustomers().stream().map(c -> new Customer(c.customerId().value(), c.customerName(),
                        c.acceptedQuotes(), plain(c.monthlyRecurring()))).toList());
    }

    static Platform of(PlatformDashboard d) {
        return new Platform(d.totalUsers(), d.totalQuotes(), d.tenants().stream()
                .map(t -> new TenantActivity(t.tenantId().value(), t.slug(), t.name(), t.status().name(),
                        t.createdAt(), t.users(), t.enabledUsers(), t.quotes(), t.lastLogin(), t.lastQuoteChange(),
                        t.lastActivity()))
                .toList());
    }

    private static PriceListPublish publish(PriceListChange c) {
        return new PriceListPublish(c.id().value(), c.name(), c.provider().name(), c.version(), c.publishedAt(),
                c.effectiveFrom(), c.rows(), c.added(), c.removed(), c.changed(), c.changedRows());
    }

    private static String plain(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }
}
