package com.gpuquote.quote;

import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.domain.ChannelTerms;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.internal.RenewalRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Renewals (issue 16): the subscriptions an accepted quote started, with their end dates, and the renewal quote a
 * consultant creates from it: a new DRAFT for the same project with every recurring line of the accepted option
 * (issue 39): its subscription lines (same instance, region, billing mode, quantity and term) and its monthly service
 * lines (one-time services were paid once and are not renewed). Each subscription line carries the contracted net
 * unit price (ADR 3906): the waterfall's CONTRACT step caps today's price (list through the customer's agreement)
 * at exactly it, no percentage re-derived from it; where today's is lower, the customer gets today's. The consultant
 * edits it as any DRAFT, and it goes through approval like any other quote.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class RenewalService {

    private final QuoteQueries queries;

    private final QuoteDrafting drafting;
    private final RenewalRepository repository;
    private final AuditLog audit;

    RenewalService(QuoteQueries queries, QuoteDrafting drafting, RenewalRepository repository, AuditLog audit) {
        this.queries = queries;
        this.drafting = drafting;
        this.repository = repository;
        this.audit = audit;
    }

    @Transactional(readOnly = true)
    public List<Subscriptions.Subscription> subscriptions(QuoteId id) {
        QuoteDetails q = queries.get(id);
        return Subscriptions.of(q.status(), q.options(), queries.acceptance(id), BusinessCalendar.ZONE);
    }

    /** The renewal quotes already made from an accepted quote, newest first: id → "Q-2026-0007 v1". */
    @Transactional(readOnly = true)
    public List<Map.Entry<QuoteId, String>> renewals(QuoteId accepted) {
        queries.get(accepted);
        return repository.renewalsOf(tenant(), accepted.value()).stream()
                .map(e -> Map.entry(new QuoteId(e.getKey()), e.getValue())).toList();
    }

    @Transactional
    public QuoteDetails createRenewal(QuoteId accepted) {
        QuoteDetails q = queries.get(accepted);
        List<Subscriptions.Subscription> subs = Subscriptions.of(q.status(), q.options(), queries.acceptance(accepted),
                BusinessCalendar.ZONE);
        if (subs.isEmpty()) {
            throw new ConflictException("quote.renewal.nothing",
                    "Only an accepted quote with monthly or yearly lines can be renewed");
        }
        var option = q.options().stream().filter(o -> o.lines().stream()
                .anyMatch(l -> l.id().equals(subs.get(0).lineId()))).findFirst().orElseThrow();
        // at the contracted net unit prices, exactly (issue 39, ADR 3906: the CONTRACT step)
        List<QuoteInput.Line> lines = subs.stream().map(s -> new QuoteInput.Line(null, s.instanceType(), s.region(),
                s.billingMode(), s.quantity(), s.termMonths(), null, null, null, s.contractedUnitPrice())).toList();
        // the contracted option's rebate and vouchers carry over (ADR 1602); the rebate goes in as the baseline, so
        // a consultant renewing keeps the admin's rebate without being allowed to set one
        QuoteOption stored = queries.storedOptions(accepted).stream().filter(o -> o.id().equals(option.id()))
                .findFirst().orElseThrow();
        // issue 39: the monthly services recur with the subscriptions; one-time services were paid once
        List<QuoteInput.Service> services = stored.services().stream()
                .filter(x -> x.charge() == ServiceCharge.MONTHLY)
                .map(x -> new QuoteInput.Service(null, x.description(), x.amount(), null)).toList();
        ChannelTerms contractedChannel = stored.channel();
        ChannelTerms rebateOnly = contractedChannel.withVouchers(List.of()); // each provider's rebate (ADR 3903)
        QuoteDetails renewal = drafting.create(new NewQuote(new ProjectId(q.projectId().value()), null, List.of(
                new QuoteInput.Option("A", lines, services, option.title(), option.summary())
                        .withChannel(rebateOnly))),
                // the contracted option as the baseline (its lines too: it is no new option for the provider default)
                List.of(new QuoteOption(stored.id(), OptionName.A, stored.lines(), List.of(), null, null, rebateOnly)));
        // vouchers once the renewal is at the contracted prices: in order, as long as they fit its subtotal (it
        // has no one-time services, which the original vouchers may have been counted against)
        List<QuoteInput.VoucherInput> fitting = new ArrayList<>();
        BigDecimal room = renewal.options().get(0).totals().subtotal();
        for (Voucher v : contractedChannel.vouchers()) {
            if (v.amount().compareTo(room) <= 0) {
                fitting.add(new QuoteInput.VoucherInput(v.name(), v.amount()));
                room = room.subtract(v.amount());
            }
        }
        if (!fitting.isEmpty()) {
            // the same lines and services, kept by id (the lines keep their contracted unit prices)
            QuoteInput.Option kept = QuoteQueries.toInput(renewal).get(0);
            renewal = drafting.update(renewal.id(), new QuoteUpdate(renewal.rowVersion(), null, List.of(
                    kept.withChannel(fitting, null))));
        }
        repository.markRenewal(tenant(), renewal.id().value(), accepted.value());
        audit.record(tenant(), "QUOTE_RENEWAL_CREATED", "quote", renewal.id().value(), Map.of(
                "number", renewal.number(), "renews", q.number() + " v" + q.version()));
        return queries.get(renewal.id());
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
