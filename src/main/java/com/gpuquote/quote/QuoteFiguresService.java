package com.gpuquote.quote;

import com.gpuquote.shared.Roles;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.quote.internal.QuoteFiguresRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.UUID;

/**
 * Read API of quote figures for dashboards: the tenant admin's priced quotes (with cost) and, for platform
 * administrators, only how many quotes each tenant has (never their contents).
 */
@Service
public class QuoteFiguresService {

    /** How many quotes a tenant has (current versions) and when one last changed; nothing else crosses tenants. */
    public record TenantQuoteActivity(TenantId tenantId, int quotes, Instant lastChange) {
    }

    private final QuoteFiguresRepository repository;
    private final Clock clock;

    QuoteFiguresService(QuoteFiguresRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /**
     * The figures of the tenant's current quote versions created on business days {@code from}..{@code to}
     * (inclusive, China time), of one consultant when {@code author} is given; at most {@code topCustomers} customers.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public QuoteFigureTotals created(LocalDate from, LocalDate to, @Nullable UserId author, int topCustomers) {
        TenantId tenant = CurrentUser.require().requireTenant();
        Instant start = BusinessCalendar.startOfDay(from);
        Instant end = BusinessCalendar.startOfDay(to.plusDays(1));
        UUID by = author == null ? null : author.value();
        List<QuoteFigureTotals.StatusMonth> statusMonths = repository
                .byStatusAndMonth(tenant, start, end, by, BusinessCalendar.today(clock)).stream()
                .map(r -> new QuoteFigureTotals.StatusMonth(QuoteStatus.valueOf(r.status()), YearMonth.from(r.month()),
                        r.quotes(), r.priced(), r.value(), r.listTotal(), r.netTotal()))
                .toList();
        List<QuoteFigureTotals.Customer> customers = repository
                .acceptedByCustomer(tenant, start, end, by, topCustomers).stream()
                .map(r -> new QuoteFigureTotals.Customer(new CustomerId(r.customerId()), r.name(), r.acceptedQuotes(),
                        r.monthlyRecurring()))
                .toList();
        return new QuoteFigureTotals(statusMonths, margins(repository.acceptedByGpuModel(tenant, start, end, by)),
                margins(repository.acceptedByAuthor(tenant, start, end, by)), customers);
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<TenantQuoteActivity> activityPerTenant() {
        return repository.countsPerTenant().stream()
                .map(c -> new TenantQuoteActivity(new TenantId(c.tenantId()), c.quotes(), c.lastChange()))
                .toList();
    }

    private static List<QuoteFigureTotals.Margin> margins(List<QuoteFiguresRepository.MarginRow> rows) {
        return rows.stream().map(r -> new QuoteFigureTotals.Margin(r.key(), r.label(), r.quotes(), r.revenue(),
                r.cost(), r.linesWithoutCost())).toList();
    }
}
