package com.gpuquote.quote;

import com.gpuquote.quote.domain.ApprovalChains;
import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.shared.Roles;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.quote.internal.QuoteRepository.StoredOptions;
import com.gpuquote.quote.internal.QuoteRow;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Reading quotes of the signed-in user's tenant (issue 14: the read model): one quote, its versions and their
 * comparison, search, CSV export, the home page's overview and the approvals inbox. An APPROVER reads too (issue 16);
 * cost and margin leave only in {@link QuoteDetails#margins()} (ADR 1603). Writes are {@link QuoteDrafting} and
 * {@link QuoteWorkflow}.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteQueries {

    /** At most this many quotes a page (search). */
    public static final int MAX_PAGE = 500;

    private final QuoteStore store;
    private final QuoteRepository repository;
    private final ProjectService projects;
    private final ObjectProvider<QuoteAcceptanceSource> acceptances;

    QuoteQueries(QuoteStore store, QuoteRepository repository, ProjectService projects,
                 ObjectProvider<QuoteAcceptanceSource> acceptances) {
        this.store = store;
        this.repository = repository;
        this.projects = projects;
        this.acceptances = acceptances;
    }

    // ================================================================== reads

    /**
     * One quote. An APPROVER may read it too (issue 16), as submitted: a DRAFT is priced live with the customer's
     * agreement, which only the staff may read, so an approver-only account sees a draft without its options.
     */
    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public QuoteDetails get(QuoteId id) {
        return store.details(store.row(id));
    }

    /** Which option the customer accepted, who signed and when; empty unless the quote is ACCEPTED. */
    @Transactional(readOnly = true)
    public Optional<QuoteAcceptanceSource.AcceptedOption> acceptance(QuoteId id) {
        store.row(id); // 404 for another tenant's quote
        return acceptances.orderedStream().map(a -> a.acceptance(id)).flatMap(Optional::stream).findFirst();
    }

    /** Version {@code version} of the quote whose any version is {@code anyVersion}. */
    @Transactional(readOnly = true)
    public QuoteDetails version(QuoteId anyVersion, int version) {
        QuoteRow any = store.row(anyVersion);
        return store.details(repository.findVersion(tenant(), any.number(), version)
                .orElseThrow(() -> new NotFoundException("quote version", any.number() + " v" + version)));
    }

    /** All versions of the quote's number, oldest first. */
    @Transactional(readOnly = true)
    public List<QuoteSummary> versions(QuoteId anyVersion) {
        QuoteRow any = store.row(anyVersion);
        return store.summaries(repository.versions(tenant(), any.number()));
    }

    @Transactional(readOnly = true)
    public List<QuoteSummary> search(QuoteSearch search, int offset, int limit) {
        return store.summaries(repository.search(tenant(), QuoteStore.orAll(search), today(), Math.max(0, offset),
                Math.min(Math.max(1, limit), MAX_PAGE)));
    }

    /** Every quote the search finds (not only one page) as CSV in the caller's language (issue 12). */
    @Transactional(readOnly = true)
    public byte[] exportCsv(QuoteSearch search, java.util.Locale locale) {
        List<QuoteSummary> all = new ArrayList<>();
        for (int offset = 0; ; offset += MAX_PAGE) {
            List<QuoteSummary> page = search(search, offset, MAX_PAGE);
            all.addAll(page);
            if (page.size() < MAX_PAGE) {
                break;
            }
        }
        return QuoteListCsv.write(all, locale);
    }

    @Transactional(readOnly = true)
    public int count(QuoteSearch search) {
        return repository.count(tenant(), QuoteStore.orAll(search), today());
    }

    @Transactional(readOnly = true)
    public List<QuoteSummary> forProject(ProjectId projectId) {
        projects.get(projectId);
        return store.summaries(repository.forProject(tenant(), projectId.value()));
    }

    /**
     * The home page's overview: latest versions per effective status and the sent quotes expiring within
     * {@code days}; a consultant sees their own quotes, a tenant admin the whole tenant's.
     */
    @Transactional(readOnly = true)
    public QuoteOverview overview(int days) {
        GpuQuoteUser me = CurrentUser.require();
        UUID author = me.hasRole(Role.TENANT_ADMIN) ? null : me.userId().value();
        LocalDate today = today();
        return new QuoteOverview(author == null,
                repository.statusCounts(tenant(), author, today),
                store.summaries(repository.expiringBetween(tenant(), author, today, today.plusDays(Math.max(0, days)), 5)));
    }

    /** {@link #pendingApprovals()} with each option's amount, discount against list and margin (the inbox). */
    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_APPROVER)
    public List<ApprovalRequest> approvalRequests() {
        TenantId tenant = tenant();
        List<QuoteRow> rows = mayTakeNextStep(repository.pendingApprovalsWithPricing(tenant));
        List<QuoteSummary> summaries = store.summaries(rows);
        List<ApprovalRequest> result = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String json = rows.get(i).pricingJson();
            List<ApprovalRequest.OptionFigures> figures = json == null ? List.of()
                    : PricingSnapshotCodec.read(json).options().stream().map(ApprovalRequest.OptionFigures::of).toList();
            result.add(new ApprovalRequest(summaries.get(i), figures));
        }
        return result;
    }

    /**
     * Quotes waiting for an approval step the caller may take (issue 16: the step's role, and not a step after one
     * the caller took), oldest submission first. Without tiers: every quote waiting, for a tenant admin.
     */
    @PreAuthorize(Roles.IS_QUOTE_APPROVER)
    @Transactional(readOnly = true)
    public List<QuoteSummary> pendingApprovals() {
        return store.summaries(mayTakeNextStep(repository.pendingApprovals(tenant())));
    }

    /** The rows whose next step the caller may take; their chains are read in one statement (no query per quote). */
    private List<QuoteRow> mayTakeNextStep(List<QuoteRow> rows) {
        GpuQuoteUser me = CurrentUser.require();
        Map<QuoteId, List<ApprovalStep>> chains = store.chainsOf(rows);
        return rows.stream().filter(row -> {
            return ApprovalChains.mayTakeWaitingStep(chains.get(new QuoteId(row.id())), me.userId(), me::hasRole);
        }).toList();
    }

    /**
     * What changed from version {@code from} to version {@code to} of the quote whose any version is
     * {@code anyVersion} (404 for an unknown version; {@code from == to} compares a version with itself). Each version
     * is compared as the caller sees it: priced from its snapshot once submitted, live while a DRAFT; a version that
     * cannot be priced today compares its lines without prices.
     */
    @Transactional(readOnly = true)
    public QuoteComparison compareVersions(QuoteId anyVersion, int from, int to) {
        QuoteDetails before = version(anyVersion, from);
        QuoteDetails after = version(anyVersion, to);
        return new QuoteComparison(before, after, QuoteVersionDiff.compare(side(before), side(after)));
    }

    private QuoteVersionDiff.Side side(QuoteDetails d) {
        if (d.pricingErrors().isEmpty()) {
            return QuoteVersionDiff.side(d.options());
        }
        return new QuoteVersionDiff.Side(repository.options(tenant(), d.id().value()).options().stream()
                .map(o -> new QuoteVersionDiff.Option(o.name(), java.util.stream.Stream.concat(
                        o.lines().stream().map(l -> QuoteVersionDiff.Item.instance(l.instanceType(), l.region(),
                                l.billingMode(), new QuoteVersionDiff.Figures(l.quantity(), l.termMonths(),
                                        l.hoursPerMonth(), l.manualDiscountPercent(), null, null, null))),
                        o.services().stream().map(x -> QuoteVersionDiff.Item.service(x.description(), x.charge(),
                                x.amount()))).toList(), null, null))
                .toList());
    }

    /** The quote's stored options with their vouchers and rebate (404 across tenants); for copies of an option. */
    @Transactional(readOnly = true)
    List<QuoteOption> storedOptions(QuoteId id) {
        return repository.options(tenant(), store.row(id).id()).options();
    }

    /** The stored options as input, vouchers and rebate included (ids and sizing references kept). */
    @Transactional(readOnly = true)
    List<QuoteInput.Option> storedInput(QuoteId id) {
        return toInput(repository.options(tenant(), store.row(id).id()));
    }

    /** A read quote's options as input (ids, names, summaries and sizing references kept), to append to them. */
    static List<QuoteInput.Option> toInput(QuoteDetails d) {
        return d.options().stream().map(o -> new QuoteInput.Option(o.name().name(),
                o.lines().stream().map(x -> new QuoteInput.Line(x.id(), x.instanceType(), x.region(), x.billingMode(),
                        x.quantity(), x.termMonths(), x.hoursPerMonth(), x.manualDiscountPercent(),
                        d.lineSizing().get(x.id()))).toList(),
                o.services().stream().map(x -> new QuoteInput.Service(x.id(), x.description(),
                        x.charge() == ServiceCharge.MONTHLY ? x.amount() : null,
                        x.charge() == ServiceCharge.ONE_TIME ? x.amount() : null)).toList(),
                o.title(), o.summary())).toList();
    }

    /** The stored options as input (ids and sizing references kept), e.g. for editors that change one line. */
    static List<QuoteInput.Option> toInput(StoredOptions stored) {
        return stored.options().stream().map(o -> new QuoteInput.Option(o.name().name(),
                o.lines().stream().map(x -> new QuoteInput.Line(x.id(), x.instanceType(), x.region(), x.billingMode(),
                        x.quantity(), x.termMonths(), x.hoursPerMonth(), x.manualDiscountPercent(),
                        stored.sizing().get(x.id()))).toList(),
                o.services().stream().map(x -> new QuoteInput.Service(x.id(), x.description(),
                        x.charge() == ServiceCharge.MONTHLY ? x.amount() : null,
                        x.charge() == ServiceCharge.ONE_TIME ? x.amount() : null)).toList(),
                o.title(), o.summary()).withChannel(o.channel())).toList();
    }

    private LocalDate today() {
        return store.today();
    }

    private static TenantId tenant() {
        return QuoteStore.tenant();
    }
}
