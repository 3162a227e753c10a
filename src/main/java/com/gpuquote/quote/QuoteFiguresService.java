package com.gpuquote.quote;

import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.InstanceFactsLookup;
import com.gpuquote.quote.pricing.LineMargin;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.security.Roles;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import com.gpuquote.quote.internal.QuoteFiguresRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private final QuoteLookups lookups;
    private final Clock clock;

    QuoteFiguresService(QuoteFiguresRepository repository, QuoteLookups lookups, Clock clock) {
        this.repository = repository;
        this.lookups = lookups;
        this.clock = clock;
    }

    /**
     * Current versions of the tenant's quotes created on business days {@code from}..{@code to} (inclusive, China
     * time), of one consultant when {@code author} is given, oldest first.
     */
    @PreAuthorize(Roles.IS_TENANT_ADMIN)
    @Transactional(readOnly = true)
    public List<QuoteFigures> created(LocalDate from, LocalDate to, UserId author) {
        TenantId tenant = CurrentUser.require().requireTenant();
        LocalDate today = BusinessCalendar.today(clock);
        InstanceFactsLookup instances = lookups.instances();
        List<QuoteFigures> result = new ArrayList<>();
        for (QuoteFiguresRepository.Row row : repository.created(tenant, BusinessCalendar.startOfDay(from),
                BusinessCalendar.startOfDay(to.plusDays(1)), author == null ? null : author.value())) {
            result.add(figures(row, today, instances));
        }
        return result;
    }

    @PreAuthorize(Roles.IS_PLATFORM_ADMIN)
    @Transactional(readOnly = true)
    public List<TenantQuoteActivity> activityPerTenant() {
        return repository.countsPerTenant().stream()
                .map(c -> new TenantQuoteActivity(new TenantId(c.tenantId()), c.quotes(), c.lastChange()))
                .toList();
    }

    private static QuoteFigures figures(QuoteFiguresRepository.Row row, LocalDate today,
                                        InstanceFactsLookup instances) {
        QuoteStatus status = QuoteStatus.valueOf(row.status()).effectiveOn(row.validUntil(), today);
        List<QuoteFigures.Option> options = new ArrayList<>();
        if (row.pricing() != null) {
            for (PricedOption priced : PricingSnapshotCodec.read(row.pricing()).options()) {
                options.add(option(priced, instances));
            }
        }
        return new QuoteFigures(new QuoteId(row.id()), row.number(), row.version(), status,
                BusinessCalendar.dayOf(row.createdAt()), new UserId(row.authorId()), row.authorName(),
                new CustomerId(row.customerId()), row.customerName(), options);
    }

    private static QuoteFigures.Option option(PricedOption priced, InstanceFactsLookup instances) {
        Map<QuoteLineId, LineMargin> margins = new HashMap<>();
        if (priced.margin() != null) {
            for (LineMargin m : priced.margin().lines()) {
                if (m != null) {
                    margins.put(m.lineId(), m);
                }
            }
        }
        List<QuoteFigures.Line> lines = new ArrayList<>();
        for (LineView line : priced.view().lines()) {
            LineMargin margin = margins.get(line.id());
            String gpuModel = instances.find(line.instanceType()).map(InstanceFacts::gpuModel).orElse(null);
            lines.add(new QuoteFigures.Line(line.instanceType(), gpuModel, line.billingMode(), line.quantity(),
                    line.listTermAmount(), line.termAmount(), margin == null ? null : margin.costTermAmount()));
        }
        OptionTotals totals = priced.view().totals();
        return new QuoteFigures.Option(priced.view().name().name(), totals.subtotal(), totals.monthlyNet(), lines);
    }
}
