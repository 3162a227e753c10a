package com.gpuquote.dashboard;

import com.gpuquote.shared.Roles;
import com.gpuquote.pricing.PriceListChanges;
import com.gpuquote.quote.QuoteFigureTotals;
import com.gpuquote.quote.QuoteFiguresService;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.user.TenantUserActivity;
import com.gpuquote.user.UserActivity;
import com.gpuquote.user.UserService;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The dashboards' figures, read through the owning features' public read APIs (quote, pricing, user,
 * tenancy); this feature owns no tables. One read-only transaction per dashboard, so the tables agree.
 */
@Service
public class DashboardService {

    private final QuoteFiguresService quotes;
    private final PriceListChanges priceLists;
    private final UserService users;
    private final UserActivity userActivity;
    private final TenantService tenants;
    private final Clock clock;

    DashboardService(QuoteFiguresService quotes, PriceListChanges priceLists,
                     UserService users, UserActivity userActivity, TenantService tenants, Clock clock) {
        this.quotes = quotes;
        this.priceLists = priceLists;
        this.users = users;
        this.userActivity = userActivity;
        this.tenants = tenants;
        this.clock = clock;
    }

    /** The last twelve months: from the first day of the month eleven months ago up to today (China time). */
    public DashboardFilter defaultFilter() {
        LocalDate today = BusinessCalendar.today(clock);
        return new DashboardFilter(today.withDayOfMonth(1).minusMonths(11), today, null);
    }

    /**
     * Fills a missing {@code from}/{@code to} with the default period and refuses a reversed or too long period or a
     * consultant who is not an enabled consultant or admin of the caller's tenant (400 naming the field).
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public DashboardFilter check(DashboardFilter filter) {
        DashboardFilter defaults = defaultFilter();
        LocalDate to = filter.to() == null ? defaults.to() : filter.to();
        LocalDate from = filter.from() == null
                ? (filter.to() == null ? defaults.from() : to.withDayOfMonth(1).minusMonths(11)) : filter.from();
        List<FieldError> errors = new ArrayList<>();
        if (!InputRules.inWindow(from) || !InputRules.inWindow(to)) {
            errors.add(new FieldError(InputRules.inWindow(from) ? "to" : "from", "dashboard.error.window",
                    "dates must lie between " + InputRules.EARLIEST_DATE + " and " + InputRules.LATEST_DATE,
                    List.of(InputRules.EARLIEST_DATE.toString(), InputRules.LATEST_DATE.toString())));
        } else if (from.isAfter(to)) {
            errors.add(new FieldError("from", "dashboard.error.fromAfterTo",
                    "from must be on or before to", List.of(from.toString(), to.toString())));
        } else if (ChronoUnit.DAYS.between(from, to) + 1 > DashboardFilter.MAX_DAYS) {
            errors.add(new FieldError("to", "dashboard.error.tooLong",
                    "the period may cover at most " + DashboardFilter.MAX_DAYS + " days",
                    List.of(DashboardFilter.MAX_DAYS)));
        }
        if (filter.consultantId() != null && users.colleague(filter.consultantId()).isEmpty()) {
            errors.add(new FieldError("consultantId", "dashboard.error.unknownConsultant",
                    "no consultant of this tenant has this id"));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        return new DashboardFilter(from, to, filter.consultantId());
    }

    /** The tenant admin's dashboard for a (checked) filter; cost and margin included. */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public TenantDashboard tenant(DashboardFilter filter) {
        DashboardFilter checked = check(filter);
        QuoteFigureTotals totals = quotes.created(checked.from(), checked.to(), checked.consultantId(),
                TenantFigures.TOP_CUSTOMERS);
        return TenantFigures.compute(checked, totals, priceLists.published(checked.from(), checked.to()));
    }

    /** Every tenant with its users, quotes and latest activity: counts only (ADR 1750). */
    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public PlatformDashboard platform() {
        Map<TenantId, TenantUserActivity> usersByTenant = userActivity.perTenant().stream()
                .collect(Collectors.toMap(TenantUserActivity::tenantId, Function.identity()));
        Map<TenantId, QuoteFiguresService.TenantQuoteActivity> quotesByTenant = quotes.activityPerTenant().stream()
                .collect(Collectors.toMap(QuoteFiguresService.TenantQuoteActivity::tenantId, Function.identity()));
        List<PlatformDashboard.TenantRow> rows = new ArrayList<>();
        for (Tenant t : tenants.list()) {
            TenantUserActivity u = usersByTenant.get(t.id());
            QuoteFiguresService.TenantQuoteActivity q = quotesByTenant.get(t.id());
            Instant lastLogin = u == null ? null : u.lastLogin();
            Instant lastQuote = q == null ? null : q.lastChange();
            rows.add(new PlatformDashboard.TenantRow(t.id(), t.slug(), t.name(), t.status(), t.createdAt(),
                    u == null ? 0 : u.users(), u == null ? 0 : u.enabledUsers(), q == null ? 0 : q.quotes(),
                    lastLogin, lastQuote, latest(lastLogin, lastQuote)));
        }
        rows.sort(Comparator.comparing(PlatformDashboard.TenantRow::lastActivity,
                        Comparator.nullsLast(Comparator.reverseOrder()))
                .thenComparing(PlatformDashboard.TenantRow::slug));
        return new PlatformDashboard(rows, rows.stream().mapToInt(PlatformDashboard.TenantRow::users).sum(),
                rows.stream().mapToInt(PlatformDashboard.TenantRow::quotes).sum());
    }

    private static Instant latest(Instant a, Instant b) {
        if (a == null) {
            return b;
        }
        return b == null || a.isAfter(b) ? a : b;
    }
}
