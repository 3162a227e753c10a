package com.gpuquote.quote;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Autowired;
import com.gpuquote.commercial.BillingTerms;
import com.gpuquote.commercial.Money;
import com.gpuquote.security.Roles;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.AgreementId;
import com.gpuquote.customer.AgreementService;
import com.gpuquote.customer.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.customer.SizingRun;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.quote.internal.QuoteRepository.HeaderState;
import com.gpuquote.quote.internal.QuoteRepository.StoredOptions;
import com.gpuquote.quote.internal.QuoteRow;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantService;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.notification.NotificationService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Quotes of the signed-in user's tenant: create and edit drafts, the status machine (submit, approve, reopen,
 * send, revise), lists and versions. The service is the transaction and security boundary; the rules live in the
 * {@link Quote} aggregate and {@link QuotePricer}.
 * <ul>
 *   <li>Every write checks the row version read (optimistic lock; a lost race answers 409).</li>
 *   <li>Illegal moves answer {@link ConflictException} (409), bad input {@link InvalidInputException} (400, every
 *       field), another tenant's ids {@link NotFoundException} (404). Approval by a non-admin or by the author
 *       throws {@link ApprovalDeniedException} / {@link SelfApprovalException} (403).</li>
 *   <li>Cost and margin leave this service only in {@link QuoteDetails#margins()}, and only for TENANT_ADMIN (and
 *       for an APPROVER, of a submitted quote's snapshot: what they approve).</li>
 * </ul>
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteService {

    /** Quote dates (numbering year, validity, price date) are calendar days in China. */
    public static final ZoneId ZONE = BusinessCalendar.ZONE;
    public static final int MAX_PAGE = 500;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Documented limits (issue 11, our policy): a line of 10,000 instances, 100 lines per option, a 64 KB candidate. */
    public static final int MAX_QUANTITY = 10_000;
    public static final int MAX_LINES_PER_OPTION = 100;
    public static final int MAX_CANDIDATE_JSON = 65_536;

    private final QuoteRepository repository;
    private final ProjectService projects;
    private final AgreementService agreements;
    private final TenantService tenants;
    private final QuoteLookups lookups;
    private final AuditLog audit;
    private final ObjectProvider<QuoteSendListener> sendListeners;
    private final NotificationService notifications;
    private final ObjectProvider<QuoteAcceptanceSource> acceptances;
    private final MailOutbox mail;
    private final Clock clock;
    private final com.gpuquote.customer.CustomerService customers;
    /** Issue 16: a duplicate keeps the terms template chosen on its source. */
    private final com.gpuquote.quote.internal.QuoteTermsRepository terms;
    /** Issue 16: the tenant's approval tiers and each quote's approval chain. */
    private final com.gpuquote.quote.internal.ApprovalRepository approvals;
    /** Issue 16: who may take the next approval step, to notify them. */
    private final com.gpuquote.user.UserDirectory users;
    /** Issue 16: the tenant's default rebate per provider, for new options (ADR 1602). */
    private final com.gpuquote.quote.internal.ProviderRebateRepository providerRebates;

    QuoteService(QuoteRepository repository, ProjectService projects, AgreementService agreements,
                 TenantService tenants, QuoteLookups lookups, AuditLog audit,
                 ObjectProvider<QuoteSendListener> sendListeners, NotificationService notifications,
                 ObjectProvider<QuoteAcceptanceSource> acceptances, MailOutbox mail, Clock clock,
                 com.gpuquote.customer.CustomerService customers,
                 com.gpuquote.quote.internal.QuoteTermsRepository terms,
                 com.gpuquote.quote.internal.ApprovalRepository approvals,
                 com.gpuquote.user.UserDirectory users,
                 com.gpuquote.quote.internal.ProviderRebateRepository providerRebates) {
        this.approvals = approvals;
        this.users = users;
        this.providerRebates = providerRebates;
        this.customers = customers;
        this.terms = terms;
        this.clock = clock;
        this.notifications = notifications;
        this.acceptances = acceptances;
        this.mail = mail;
        this.sendListeners = sendListeners;
        this.repository = repository;
        this.projects = projects;
        this.agreements = agreements;
        this.tenants = tenants;
        this.lookups = lookups;
        this.audit = audit;
    }

    // ================================================================== reads

    /**
     * One quote. An APPROVER may read it too (issue 16), as submitted: a DRAFT is priced live with the customer's
     * agreement, which only the staff may read, so an approver-only account sees a draft without its options.
     */
    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public QuoteDetails get(QuoteId id) {
        return details(row(id));
    }

    /** Which option the customer accepted, who signed and when; empty unless the quote is ACCEPTED. */
    @Transactional(readOnly = true)
    public Optional<QuoteAcceptanceSource.AcceptedOption> acceptance(QuoteId id) {
        row(id); // 404 for another tenant's quote
        return acceptances.orderedStream().map(a -> a.acceptance(id)).flatMap(Optional::stream).findFirst();
    }

    /** Version {@code version} of the quote whose any version is {@code anyVersion}. */
    @Transactional(readOnly = true)
    public QuoteDetails version(QuoteId anyVersion, int version) {
        QuoteRow any = row(anyVersion);
        return details(repository.findVersion(tenant(), any.number(), version)
                .orElseThrow(() -> new NotFoundException("quote version", any.number() + " v" + version)));
    }

    /** All versions of the quote's number, oldest first. */
    @Transactional(readOnly = true)
    public List<QuoteSummary> versions(QuoteId anyVersion) {
        QuoteRow any = row(anyVersion);
        return summaries(repository.versions(tenant(), any.number()));
    }

    @Transactional(readOnly = true)
    public List<QuoteSummary> search(QuoteSearch search, int offset, int limit) {
        return summaries(repository.search(tenant(), orAll(search), today(), Math.max(0, offset),
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
        return repository.count(tenant(), orAll(search), today());
    }

    @Transactional(readOnly = true)
    public List<QuoteSummary> forProject(ProjectId projectId) {
        projects.get(projectId);
        return summaries(repository.forProject(tenant(), projectId.value()));
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
                summaries(repository.expiringBetween(tenant(), author, today, today.plusDays(Math.max(0, days)), 5)));
    }

    /** {@link #pendingApprovals()} with each option's amount, discount against list and margin (the inbox). */
    @Transactional(readOnly = true)
    @PreAuthorize(Roles.IS_QUOTE_APPROVER)
    public List<ApprovalRequest> approvalRequests() {
        TenantId tenant = tenant();
        List<QuoteRow> rows = repository.pendingApprovalsWithPricing(tenant).stream().filter(this::mayTakeNextStep)
                .toList();
        List<QuoteSummary> summaries = summaries(rows);
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
        return summaries(repository.pendingApprovals(tenant()).stream().filter(this::mayTakeNextStep).toList());
    }

    private boolean mayTakeNextStep(QuoteRow row) {
        GpuQuoteUser me = CurrentUser.require();
        List<ApprovalStep> chain = chainOf(new QuoteId(row.id()));
        return chain.stream().noneMatch(st -> me.userId().equals(st.approverId()))
                && chain.stream().filter(st -> st.decidedAt() == null).findFirst()
                .map(st -> me.hasRole(st.role())).orElse(false);
    }

    private List<ApprovalStep> chainOf(QuoteId id) {
        return chainOf(id, false);
    }

    /**
     * The quote's approval chain; a quote waiting without one (submitted before V63) has the single tenant-admin
     * step it had then, written when {@code write} (in approve, so that it is decided once like any other; reads
     * run in read-only transactions and only see it).
     */
    private List<ApprovalStep> chainOf(QuoteId id, boolean write) {
        List<ApprovalStep> chain = approvals.chain(tenant(), id.value());
        if (chain.isEmpty() && QuoteStatus.PENDING_APPROVAL.name().equals(row(id).status())) {
            if (!write) {
                return List.of(new ApprovalStep(1, Role.TENANT_ADMIN, null, null, null, null));
            }
            approvals.startChain(tenant(), id.value(), List.of(Role.TENANT_ADMIN));
            chain = approvals.chain(tenant(), id.value());
        }
        return chain;
    }

    // ================================================================== drafts

    @Transactional
    public QuoteDetails create(NewQuote newQuote) {
        return create(newQuote, List.of());
    }

    /**
     * {@link #create} whose options start from {@code carried}'s vouchers and rebate, by position: a renewal carries
     * the contracted option's channel terms, which a consultant may not set but may keep (ADR 1602).
     */
    @Transactional
    QuoteDetails create(NewQuote newQuote, List<QuoteOption> carried) {
        return priced("create", () -> {
            if (newQuote == null || newQuote.projectId() == null) {
                throw InvalidInputException.of("projectId", "required", "projectId is required");
            }
            Project project = projects.get(newQuote.projectId());
            List<QuoteInput.Option> inputs = newQuote.options() == null ? List.of() : newQuote.options().stream()
                    .map(o -> o == null || o.summary() != null ? o : o.lines().stream()
                            .filter(x -> x != null && x.sizing() != null && x.sizing().sizingRunId() != null)
                            .findFirst()
                            .map(x -> withSizingSummary(o, x.sizing().sizingRunId(), project.id().value()))
                            .orElse(o))
                    .toList();
            Quote quote = insertDraft(project, inputs, newQuote.validUntil(), carried);
            audit.record(tenant(), "QUOTE_CREATED", "quote", quote.id(),
                    Map.of("number", quote.number().toString(), "project", project.id().toString()));
            return get(new QuoteId(quote.id()));
        });
    }

    /**
     * A new DRAFT (new number, version 1, the caller as author, a fresh 30-day validity) with the options, lines and
     * services of quote {@code sourceId} (any version, any status), in project {@code projectId} (null: the source's
     * project), which must belong to the source's customer (else 400 naming {@code projectId}). The lines go through
     * the same path as {@link #create}: validated and priced live at today's prices and the customer's agreement in
     * force (never the source's snapshot), so a copy below the floor needs approval again when submitted. The terms
     * template chosen on the source is chosen on the copy. Sizing references are kept; a saved sizing run stays with its own project, so a copy into another project keeps only
     * the candidate.
     */
    @Transactional
    public QuoteDetails duplicate(QuoteId sourceId, ProjectId projectId) {
        return translated(() -> {
            QuoteRow source = row(sourceId);
            Project project = projects.get(projectId == null ? new ProjectId(source.projectId()) : projectId);
            if (!project.customerId().value().equals(source.customerId())) {
                throw new InvalidInputException(List.of(QuoteMessages.toFieldError(
                        new QuoteError("projectId", "quote.error.duplicateOtherCustomer"))));
            }
            boolean sameProject = project.id().value().equals(source.projectId());
            StoredOptions sourceOptions = repository.options(tenant(), source.id());
            List<QuoteInput.Option> options = toInput(sourceOptions).stream()
                    .map(o -> new QuoteInput.Option(o.name(), o.lines().stream().map(l -> new QuoteInput.Line(null,
                            l.instanceType(), l.region(), l.billingMode(), l.quantity(), l.termMonths(),
                            l.hoursPerMonth(), l.manualDiscountPercent(), copiedSizing(l.sizing(), sameProject)))
                            .toList(),
                            o.serviceLines().stream().map(x -> new QuoteInput.Service(null, x.description(),
                                    x.monthlyAmount(), x.oneTimeAmount())).toList(), o.title(), o.summary(),
                            o.vouchers(), o.rebatePercent()))
                    .toList();
            Quote quote = insertDraft(project, options, null, sourceOptions.options()); // the source's rebate stays
            TenantId tenant = tenant();
            terms.chosen(tenant, source.id()).ifPresent(t -> terms.choose(tenant, quote.id(),
                    repository.find(tenant, quote.id()).orElseThrow().rowVersion(), t));
            audit.record(tenant(), "QUOTE_DUPLICATED", "quote", quote.id(), Map.of("number", quote.number().toString(),
                    "project", project.id().toString(), "source", source.id().toString(),
                    "sourceNumber", source.number() + " v" + source.version()));
            return get(new QuoteId(quote.id()));
        });
    }

    private static SizingRef copiedSizing(SizingRef ref, boolean sameProject) {
        if (ref == null || sameProject) {
            return ref;
        }
        SizingRef candidateOnly = new SizingRef(null, ref.candidateJson());
        return candidateOnly.isEmpty() ? null : candidateOnly;
    }

    /** Validates, prices (400 when a line cannot be priced today) and stores a new DRAFT; the caller audits. */
    private Quote insertDraft(Project project, List<QuoteInput.Option> options, LocalDate validUntil,
                              List<QuoteOption> baseline) {
        LocalDate today = today();
        Built built = build(options, Set.of(), Map.of(), validUntil, today, project, baseline);
        priceLive(project.customerId(), built.options()); // refuses lines that cannot be priced (400)
        TenantId tenant = tenant();
        GpuQuoteUser me = CurrentUser.require();
        QuoteNumber number = new QuoteNumber(today.getYear(), repository.nextNumber(tenant, today.getYear()));
        Quote quote = Quote.draft(UUID.randomUUID(), number, me.userId().value(), today);
        if (validUntil != null) {
            quote.changeValidUntil(validUntil, today);
        }
        for (Built.Opt o : built.opts()) {
            quote.addOption(o.lines(), o.services(), o.title(), o.summary(), o.channel());
        }
        // addOption gives fresh option ids; keep the lines' sizing references (keyed by line id)
        repository.insert(tenant, quote.id(), number.toString(), 1, QuoteStatus.DRAFT, project.id().value(),
                me.userId().value(), quote.validUntil());
        repository.replaceOptions(tenant, quote.id(), quote.options(), built.sizing());
        return quote;
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

    /** Replaces validity and options of a DRAFT; {@code update.version()} must be the row version read. */
    @Transactional
    public QuoteDetails update(QuoteId id, QuoteUpdate update) {
        return priced("update", () -> {
            if (update == null || update.version() == null) {
                throw InvalidInputException.of("version", "required", "version is required for updates");
            }
            Loaded l = load(id);
            if (l.row().rowVersion() != update.version()) {
                throw new OptimisticLockingFailureException("quote " + id + " changed concurrently");
            }
            if (!l.quote().isEditable()) {
                throw new QuoteNotEditableException(l.quote().status());
            }
            Project project = projects.get(new ProjectId(l.row().projectId()));
            LocalDate today = today();
            Set<UUID> ownIds = new HashSet<>();
            l.options().options().forEach(o -> {
                o.lines().forEach(x -> ownIds.add(x.id()));
                o.services().forEach(x -> ownIds.add(x.id()));
            });
            Built built = build(update.options(), ownIds, l.options().sizing(), update.validUntil(), today, project,
                    l.options().options());
            Quote quote = l.quote();
            if (update.validUntil() != null && !update.validUntil().equals(quote.validUntil())) {
                quote.changeValidUntil(update.validUntil(), today);
            }
            List<Built.Opt> opts = built.opts();
            int existing = quote.options().size();
            for (int i = existing - 1; i >= opts.size(); i--) {
                quote.removeOption(OptionName.at(i));
            }
            for (int i = 0; i < opts.size(); i++) {
                if (i < existing) {
                    quote.replaceOption(OptionName.at(i), opts.get(i).lines(), opts.get(i).services(),
                            opts.get(i).title(), opts.get(i).summary(), opts.get(i).channel());
                } else {
                    quote.addOption(opts.get(i).lines(), opts.get(i).services(), opts.get(i).title(),
                            opts.get(i).summary(), opts.get(i).channel());
                }
            }
            priceLive(project.customerId(), quote.options());
            write(l, quote, null, null);
            repository.replaceOptions(tenant(), quote.id(), quote.options(), built.sizing());
            audit.record(tenant(), "QUOTE_UPDATED", "quote", quote.id(), Map.of("number", quote.number().toString()));
            return get(id);
        });
    }

    /**
     * "Add from sizing" in one click: appends {@code line} (usually carrying a {@link SizingRef}) to option
     * {@code option} of a DRAFT; the next letter after the last option creates that option.
     * {@code rowVersion} is the row version read.
     */
    @Transactional
    public QuoteDetails addLine(QuoteId id, int rowVersion, OptionName option, QuoteInput.Line line) {
        Loaded l = load(id);
        List<QuoteInput.Option> options = new ArrayList<>(toInput(l.options()));
        int index = option == null ? Math.max(0, options.size() - 1) : option.ordinal();
        if (index > options.size()) {
            throw new InvalidInputException(List.of(QuoteMessages.toFieldError(
                    new QuoteError("option", "quote.error.noSuchOption"))));
        }
        if (index == options.size()) {
            options.add(new QuoteInput.Option(null, List.of(), List.of()));
        }
        QuoteInput.Option target = options.get(index);
        List<QuoteInput.Line> lines = new ArrayList<>(target.lines());
        lines.add(line);
        target = target.withLines(lines);
        if (target.summary() == null && line != null && line.sizing() != null && line.sizing().sizingRunId() != null) {
            target = withSizingSummary(target, line.sizing().sizingRunId(), l.row().projectId());
        }
        options.set(index, target);
        return update(id, new QuoteUpdate(rowVersion, null, options));
    }

    /**
     * Issue 16: an option without a summary that gets a line from a saved sizing run says what it is sized for, in
     * the customer's language (the consultant may edit or clear it). A run of another project is refused later by
     * {@code checkSizing}; here it only gives no summary.
     */
    private QuoteInput.Option withSizingSummary(QuoteInput.Option option, UUID runId, UUID projectId) {
        try {
            var run = projects.sizingRun(runId);
            if (!run.projectId().value().equals(projectId)) {
                return option;
            }
            Project project = projects.get(new ProjectId(projectId));
            java.util.Locale locale = com.gpuquote.shared.I18n.fromTag(customers.get(project.customerId()).language());
            return com.gpuquote.sizing.SizingSummaries.describe(run.inputJson(), locale)
                    .map(s -> new QuoteInput.Option(option.name(), option.lines(), option.serviceLines(),
                            option.title(), s, option.vouchers(), option.rebatePercent()))
                    .orElse(option);
        } catch (com.gpuquote.shared.NotFoundException e) {
            return option;
        }
    }

    /** The quote's stored options with their vouchers and rebate (404 across tenants); for copies of an option. */
    @Transactional(readOnly = true)
    List<QuoteOption> storedOptions(QuoteId id) {
        return repository.options(tenant(), row(id).id()).options();
    }

    /** The stored options as input, vouchers and rebate included (ids and sizing references kept). */
    @Transactional(readOnly = true)
    List<QuoteInput.Option> storedInput(QuoteId id) {
        return toInput(repository.options(tenant(), row(id).id()));
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

    // ================================================================== transitions

    /** DRAFT → APPROVED (nothing below floor) or PENDING_APPROVAL; takes the pricing snapshot. */
    @Transactional
    public QuoteDetails submit(QuoteId id) {
        return submit(id, null);
    }

    /**
     * {@link #submit(QuoteId)} of the version the caller saw: {@code expectedRowVersion} (null: no check) must be the
     * quote's row version, else 409 and nothing changes. Likewise for the other transitions.
     */
    @Transactional
    public QuoteDetails submit(QuoteId id, Integer expectedRowVersion) {
        return translated(() -> {
            Loaded l = load(id, expectedRowVersion);
            Quote quote = l.quote();
            if (quote.status() != QuoteStatus.DRAFT) {
                throw new IllegalQuoteTransitionException(quote.status(), QuoteStatus.PENDING_APPROVAL,
                        "Quote " + quote.number() + " v" + quote.version() + " is " + quote.status()
                                + "; only a DRAFT can be submitted");
            }
            Live live = priceLive(new CustomerId(l.row().customerId()), quote.options());
            QuoteStatus to = quote.submit(live.pricing());
            write(l, quote, live.agreementId(), clock.instant());
            if (to == QuoteStatus.PENDING_APPROVAL) {
                // the steps are fixed at submit: a later change of the tiers does not move a quote already waiting
                approvals.startChain(tenant(), quote.id(), ApprovalTierService.requiredSteps(
                        approvals.tiers(tenant()), ApprovalTierService.discountDepth(live.pricing())));
            } else {
                approvals.clearChain(tenant(), quote.id());
            }
            audit.record(tenant(), "QUOTE_SUBMITTED", "quote", quote.id(),
                    Map.of("number", quote.number().toString(), "status", to.name()));
            return get(id);
        });
    }

    /** PENDING_APPROVAL → APPROVED by a tenant admin who is not the author, with a comment. */
    @Transactional
    public QuoteDetails approve(QuoteId id, String comment) {
        return approve(id, comment, null);
    }

    /**
     * {@link #approve(QuoteId, String)} of the version the admin saw ({@code expectedRowVersion}; null: no check).
     * With approval tiers (issue 16) this takes the next waiting step of the quote's chain: the caller needs the
     * step's role, may not be the author nor have taken an earlier step; the quote stays PENDING_APPROVAL until the
     * last step. Of two concurrent approvals of one step exactly one counts, the other is a 409.
     */
    @Transactional
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public QuoteDetails approve(QuoteId id, String comment, Integer expectedRowVersion) {
        if (comment != null && comment.strip().length() > 2000) { // the column's limit (V32)
            throw InvalidInputException.of("comment", "range", "At most 2000 characters");
        }
        return translated(() -> {
            Loaded l = load(id, expectedRowVersion);
            GpuQuoteUser me = CurrentUser.require();
            if (l.quote().status() != QuoteStatus.PENDING_APPROVAL) {
                // the aggregate refuses it with the usual transition error
                l.quote().approve(me.userId().value(), me.hasRole(Role.TENANT_ADMIN), comment, clock.instant());
            }
            List<ApprovalStep> chain = chainOf(id, true);
            ApprovalStep next = chain.stream().filter(st -> st.decidedAt() == null).findFirst()
                    .orElseThrow(() -> new ConflictException("quote.error.approvalTaken", "Every approval step is taken"));
            boolean last = next.step() == chain.get(chain.size() - 1).step();
            if (!me.hasRole(next.role())) { // checked before the author, as before tiers
                throw ApprovalDeniedException.roleNeeded(next.role(), next.step(), chain.size());
            }
            if (me.userId().value().equals(l.row().authorId())) {
                throw new SelfApprovalException(me.userId().value());
            }
            if (chain.stream().anyMatch(st -> me.userId().equals(st.approverId()))) {
                throw ApprovalDeniedException.earlierStep();
            }
            if (comment == null || comment.isBlank()) {
                throw new InvalidQuoteException("comment", "quote.error.required");
            }
            if (approvals.decide(tenant(), id.value(), next.step(), me.userId(), comment.strip(), clock.instant()) != 1) {
                throw new ConflictException("quote.error.approvalTaken", "Someone else approved step " + next.step() + " just now");
            }
            if (!last) {
                repository.touch(tenant(), id.value()); // a new row version: views and If-Match see the step
                audit.record(tenant(), "QUOTE_APPROVAL_STEP", "quote", id, Map.of("number",
                        l.quote().number().toString(), "step", next.step(), "role", next.role().name(),
                        "comment", comment.strip()));
                notifyAuthor(l, "QUOTE_APPROVAL_STEP_APPROVED", comment.strip(), next, chain.size());
                notifyNextApprovers(l, chain, chain.stream().filter(st -> st.step() > next.step()).findFirst()
                        .orElseThrow(), me);
                return get(id);
            }
            l.quote().approve(me.userId().value(), true, comment, clock.instant());
            write(l, l.quote(), l.agreementId(), l.row().submittedAt());
            audit.record(tenant(), "QUOTE_APPROVED", "quote", id,
                    Map.of("number", l.quote().number().toString(), "comment", comment.strip()));
            notifyAuthor(l, "QUOTE_APPROVED_STEP", comment.strip(), next, chain.size());
            return get(id);
        });
    }

    /**
     * A tenant admin refuses a quote waiting for approval: PENDING_APPROVAL → DRAFT with a reason, which the author
     * reads in the bell (and the mail) so they know what to change.
     */
    @Transactional
    @PreAuthorize(Roles.IS_QUOTE_APPROVER)
    public QuoteDetails reject(QuoteId id, String reason, Integer expectedRowVersion) {
        return translated(() -> {
            if (reason == null || reason.isBlank()) {
                throw new InvalidQuoteException("reason", "quote.error.required");
            }
            Loaded l = load(id, expectedRowVersion);
            if (l.quote().status() != QuoteStatus.PENDING_APPROVAL) {
                throw new IllegalQuoteTransitionException(l.quote().status(), QuoteStatus.DRAFT,
                        "Quote " + l.quote().number() + " is " + l.quote().status() + "; only a quote waiting for approval can be rejected");
            }
            // a tenant admin may always refuse (as before tiers); an approver when the waiting step is theirs
            GpuQuoteUser me = CurrentUser.require();
            List<ApprovalStep> chain = chainOf(id);
            ApprovalStep waiting = chain.stream().filter(st -> st.decidedAt() == null).findFirst().orElse(null);
            if (!me.hasRole(Role.TENANT_ADMIN) && (waiting == null || !me.hasRole(waiting.role()))) {
                throw ApprovalDeniedException.roleNeeded(waiting == null ? Role.TENANT_ADMIN : waiting.role(),
                        waiting == null ? chain.size() : waiting.step(), chain.size());
            }
            l.quote().reopen();
            write(l, l.quote(), null, null);
            approvals.clearChain(tenant(), id.value());
            audit.record(tenant(), "QUOTE_APPROVAL_REJECTED", "quote", id,
                    Map.of("number", l.quote().number().toString(), "reason", reason.strip()));
            // the step refused is the waiting one (a tenant admin may refuse any; a quote without a chain has one)
            notifyAuthor(l, "QUOTE_APPROVAL_STEP_REJECTED", reason.strip(),
                    waiting == null ? new ApprovalStep(1, Role.TENANT_ADMIN, null, null, null, null) : waiting,
                    Math.max(1, chain.size()));
            return get(id);
        });
    }

    /**
     * The author learns which step (of how many, needing which role) was decided, by whom, and why; the role is a
     * bundle key ({@code roleKey}) so the bell shows it in the reader's language.
     */
    private void notifyAuthor(Loaded l, String kind, String comment, ApprovalStep step, int steps) {
        UserId author = new UserId(l.row().authorId());
        GpuQuoteUser me = CurrentUser.require();
        if (author.equals(me.userId())) {
            return;
        }
        notifications.notify(tenant(), author, kind, Map.of("number", l.quote().number().toString(),
                "comment", comment, "approver", who(me), "step", String.valueOf(step.step()),
                "steps", String.valueOf(steps), "roleKey", "user.role." + step.role().name()),
                "quotes/" + l.row().id());
    }

    /**
     * Everyone who may take the next step (its role, enabled), except the author and whoever took a step already
     * (they may not take another): a quote waits for them. The link opens the read-only review, which both roles
     * that approve may open (an approver-only account cannot open the editor).
     */
    private void notifyNextApprovers(Loaded l, List<ApprovalStep> chain, ApprovalStep nextStep, GpuQuoteUser me) {
        Set<UserId> excluded = new HashSet<>();
        excluded.add(new UserId(l.row().authorId()));
        excluded.add(me.userId());
        chain.stream().map(ApprovalStep::approverId).filter(Objects::nonNull).forEach(excluded::add);
        Map<String, String> params = Map.of("number", l.quote().number().toString(),
                "customer", l.row().customerName() == null ? "" : l.row().customerName(),
                "step", String.valueOf(nextStep.step()), "steps", String.valueOf(chain.size()),
                "roleKey", "user.role." + nextStep.role().name(), "approver", who(me));
        for (UserId user : users.withRole(tenant(), nextStep.role())) {
            if (!excluded.contains(user)) {
                notifications.notify(tenant(), user, "QUOTE_APPROVAL_STEP_WAITING", params,
                        "approvals/" + l.row().id());
            }
        }
    }

    private static String who(GpuQuoteUser me) {
        return me.displayName() == null || me.displayName().isBlank() ? me.email() : me.displayName();
    }

    /** PENDING_APPROVAL / APPROVED → DRAFT (drops snapshot and approval). */
    @Transactional
    public QuoteDetails reopen(QuoteId id) {
        return reopen(id, null);
    }

    /** {@link #reopen(QuoteId)} of the version the caller saw ({@code expectedRowVersion}; null: no check). */
    @Transactional
    public QuoteDetails reopen(QuoteId id, Integer expectedRowVersion) {
        return translated(() -> {
            Loaded l = load(id, expectedRowVersion);
            l.quote().reopen();
            write(l, l.quote(), null, null);
            approvals.clearChain(tenant(), id.value());
            audit.record(tenant(), "QUOTE_REOPENED", "quote", id, Map.of("number", l.quote().number().toString()));
            return get(id);
        });
    }

    /** APPROVED → SENT; the snapshot is frozen from now on. (Issue 7 adds the customer's portal link.) */
    @Transactional
    public QuoteDetails send(QuoteId id) {
        return sendWithLink(id).quote();
    }

    /**
     * {@link #send} that also answers the customer's portal link issued by the {@link QuoteSendListener}s (issue 7),
     * the only time its raw token is shown.
     */
    @Transactional
    public SentQuote sendWithLink(QuoteId id) {
        return sendWithLink(id, null);
    }

    /** {@link #sendWithLink(QuoteId)} of the version the caller saw ({@code expectedRowVersion}; null: no check). */
    @Transactional
    public SentQuote sendWithLink(QuoteId id, Integer expectedRowVersion) {
        return translated(() -> {
            Loaded l = load(id, expectedRowVersion);
            l.quote().send(today(), clock.instant());
            write(l, l.quote(), l.agreementId(), l.row().submittedAt());
            audit.record(tenant(), "QUOTE_SENT", "quote", id, Map.of("number", l.quote().number().toString()));
            QuoteSendListener.Issued issued = sendListeners.orderedStream().map(listener -> listener.issue(id))
                    .flatMap(Optional::stream).findFirst().orElse(null);
            return new SentQuote(get(id), issued == null ? null : issued.portalUrl(),
                    issued == null ? null : issued.mailedTo(), mail.smtpConfigured());
        });
    }

    /** SENT / VIEWED / REJECTED / EXPIRED → SUPERSEDED; returns version n+1 as a DRAFT (same number). */
    @Transactional
    public QuoteDetails revise(QuoteId id) {
        return revise(id, null);
    }

    /** {@link #revise(QuoteId)} of the version the caller saw ({@code expectedRowVersion}; null: no check). */
    @Transactional
    public QuoteDetails revise(QuoteId id, Integer expectedRowVersion) {
        return priced("revise", () -> {
            Loaded l = load(id, expectedRowVersion);
            Quote old = l.quote();
            if (old.effectiveStatus(today()) == QuoteStatus.EXPIRED && old.status() != QuoteStatus.EXPIRED) {
                old.expire(today()); // read as EXPIRED: record it so the revision history is truthful
            }
            GpuQuoteUser me = CurrentUser.require();
            Quote next = old.revise(UUID.randomUUID(), me.userId().value(), today());
            Map<UUID, SizingRef> sizing = new LinkedHashMap<>();
            for (int i = 0; i < old.options().size(); i++) {
                List<QuoteLine> from = old.options().get(i).lines();
                List<QuoteLine> to = next.options().get(i).lines();
                for (int j = 0; j < from.size(); j++) {
                    SizingRef ref = l.options().sizing().get(from.get(j).id());
                    if (ref != null) {
                        sizing.put(to.get(j).id(), ref);
                    }
                }
            }
            TenantId tenant = tenant();
            try {
                repository.insert(tenant, next.id(), next.number().toString(), next.version(), QuoteStatus.DRAFT,
                        l.row().projectId(), me.userId().value(), next.validUntil());
            } catch (DuplicateKeyException e) {
                throw new OptimisticLockingFailureException("quote " + id + " was revised concurrently");
            }
            repository.replaceOptions(tenant, next.id(), next.options(), sizing);
            // the new version keeps the terms chosen on the old one (issue 16)
            terms.chosen(tenant, id.value()).ifPresent(t -> terms.choose(tenant, next.id(),
                    repository.find(tenant, next.id()).orElseThrow().rowVersion(), t));
            writeHeader(l, old, l.agreementId(), l.row().submittedAt(), next.id());
            audit.record(tenant, "QUOTE_REVISED", "quote", next.id(), Map.of("number", next.number().toString(),
                    "version", next.version(), "supersedes", id.toString()));
            return get(new QuoteId(next.id()));
        });
    }

    // ================================================================== internals

    private record Loaded(QuoteRow row, StoredOptions options, Quote quote, PricedQuote storedPricing) {
        AgreementId agreementId() {
            return row.agreementId() == null ? null : new AgreementId(row.agreementId());
        }
    }

    private record Live(PricedQuote pricing, AgreementId agreementId, BigDecimal vatRate) {
    }

    private QuoteRow row(QuoteId id) {
        if (id == null) {
            throw new NotFoundException("quote", null);
        }
        return repository.find(tenant(), id.value()).orElseThrow(() -> new NotFoundException("quote", id));
    }

    /** {@link #load(QuoteId)}, refusing (409) when the caller saw another row version than the stored one. */
    private Loaded load(QuoteId id, Integer expectedRowVersion) {
        Loaded l = load(id);
        if (expectedRowVersion != null && expectedRowVersion != l.row().rowVersion()) {
            throw new OptimisticLockingFailureException("quote " + id + " changed since version " + expectedRowVersion
                    + " was read (now " + l.row().rowVersion() + ")");
        }
        return l;
    }

    private Loaded load(QuoteId id) {
        QuoteRow row = row(id);
        StoredOptions options = repository.options(tenant(), row.id());
        PricedQuote pricing = row.pricingJson() == null ? null : PricingSnapshotCodec.read(row.pricingJson());
        Approval approval = row.approvedBy() == null ? null
                : new Approval(row.approvedBy(), row.approvalComment(), row.approvedAt());
        Quote quote = Quote.restore(row.id(), QuoteNumber.parse(row.number()), row.version(), row.authorId(),
                QuoteStatus.valueOf(row.status()), row.validUntil(), options.options(), pricing, approval,
                row.sentAt());
        return new Loaded(row, options, quote, pricing);
    }

    private void write(Loaded l, Quote quote, AgreementId agreementId, Instant submittedAt) {
        writeHeader(l, quote, agreementId, submittedAt, l.row().supersededBy());
    }

    private void writeHeader(Loaded l, Quote quote, AgreementId agreementId, Instant submittedAt, UUID supersededBy) {
        PricedQuote pricing = quote.pricing().orElse(null);
        // an unchanged snapshot is written back byte for byte (frozen once sent)
        String json = pricing == null ? null
                : pricing == l.storedPricing() ? l.row().pricingJson() : PricingSnapshotCodec.write(pricing);
        HeaderState state = new HeaderState(quote.status(), quote.validUntil(), json,
                pricing == null ? null : pricing.pricedOn(), pricing == null || agreementId == null ? null
                : agreementId.value(), pricing == null ? null : submittedAt,
                quote.approval().map(Approval::approverId).orElse(null),
                quote.approval().map(Approval::approvedAt).orElse(null),
                quote.approval().map(Approval::comment).orElse(null), quote.sentAt().orElse(null), supersededBy);
        if (repository.updateHeader(tenant(), quote.id(), l.row().rowVersion(), state) == 0) {
            throw new OptimisticLockingFailureException("quote " + quote.id() + " changed concurrently");
        }
    }

    /** Prices options as of today: the tenant's price list and the customer's agreement in force. */
    private Live priceLive(CustomerId customer, List<QuoteOption> options) {
        Tenant tenant = tenants.current();
        PricingPolicy policy = new PricingPolicy(tenant.marginFloorPct(), tenant.vatRate());
        LocalDate today = today();
        Optional<CustomerAgreement> agreement = agreements.inForce(customer, today);
        QuotePricer pricer = new QuotePricer(lookups.prices(clock.instant()), lookups.instances(), policy);
        PricedQuote priced = pricer.price(options, agreement.map(CustomerAgreement::terms).orElse(null), today);
        return new Live(priced, agreement.map(CustomerAgreement::id).orElse(null), policy.vatRate());
    }

    private QuoteDetails details(QuoteRow row) {
        StoredOptions stored = repository.options(tenant(), row.id());
        QuoteStatus storedStatus = QuoteStatus.valueOf(row.status());
        LocalDate today = today();
        PricedQuote pricing;
        BigDecimal vatRate;
        AgreementId agreementId;
        List<FieldError> pricingErrors = List.of();
        if (row.pricingJson() != null) {
            pricing = PricingSnapshotCodec.read(row.pricingJson());
            vatRate = pricing.options().isEmpty() ? tenants.current().vatRate()
                    : pricing.options().get(0).view().totals().vatRate();
            agreementId = row.agreementId() == null ? null : new AgreementId(row.agreementId());
        } else {
            vatRate = tenants.current().vatRate();
            PricedQuote live;
            AgreementId applied = null;
            GpuQuoteUser reader = CurrentUser.require();
            try {
                if (!reader.hasRole(Role.CONSULTANT) && !reader.hasRole(Role.TENANT_ADMIN)) {
                    // an approver-only account (issue 16): a draft is priced live with the customer's agreement,
                    // which is the staff's; it sees the draft without its options
                    live = null;
                } else {
                    Live l = priceLive(new CustomerId(row.customerId()), stored.options());
                    live = l.pricing();
                    applied = l.agreementId();
                }
            } catch (InvalidQuoteException e) {
                live = null;
                pricingErrors = translateErrors(e.errors());
            }
            pricing = live;
            agreementId = applied;
        }
        // issue 16: an approver judges the margin of what was submitted (the frozen snapshot), as the inbox shows it
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN)
                || (CurrentUser.require().hasRole(Role.APPROVER) && row.pricingJson() != null);
        Map<UUID, BigDecimal> floors = new LinkedHashMap<>();
        if (pricing != null && (admin || tenants.current().showFloorPrice())) {
            // a consultant's hint ignores the rebate (cost × (1 + floor)): the rebate-adjusted floor would let the
            // consultant work the rebate out; it is conservative, the real floor is only ever lower
            PricingPolicy consultantPolicy = admin ? null
                    : new PricingPolicy(tenants.current().marginFloorPct(), tenants.current().vatRate());
            pricing.options().forEach(o -> o.margin().lines().forEach(m -> {
                if (admin && m.floorUnitPrice() != null) {
                    floors.put(m.lineId(), m.floorUnitPrice());
                } else if (!admin && m.costUnitPrice() != null) {
                    floors.put(m.lineId(), Money.unit(consultantPolicy.floorUnitPrice(m.costUnitPrice())));
                }
            }));
        }
        List<OptionView> views = pricing == null ? List.of() : pricing.consultantView();
        Optional<List<OptionMargin>> margins = admin && pricing != null
                ? Optional.of(pricing.options().stream().map(PricedOption::margin).toList()) : Optional.empty();
        QuoteStatus effective = storedStatus.effectiveOn(row.validUntil(), today);
        Optional<QuoteDetails.ApprovalInfo> approval = row.approvedBy() == null ? Optional.empty()
                : Optional.of(new QuoteDetails.ApprovalInfo(new UserId(row.approvedBy()), row.approverName(),
                row.approvalComment(), row.approvedAt()));
        return new QuoteDetails(new QuoteId(row.id()), row.number(), row.version(), effective, storedStatus,
                row.validUntil(), new ProjectId(row.projectId()), row.projectName(), new CustomerId(row.customerId()),
                row.customerName(), new UserId(row.authorId()), row.authorName(), approval, row.submittedAt(),
                row.sentAt(), row.sentAt() != null, pricing == null ? null : pricing.pricedOn(),
                Optional.ofNullable(agreementId), Money.CURRENCY, vatRate, views, margins, pricingErrors,
                Map.copyOf(stored.sizing()), row.createdAt(), row.updatedAt(), row.rowVersion(), Map.copyOf(floors),
                approvals.chain(tenant(), row.id()));
    }

    private List<QuoteSummary> summaries(List<QuoteRow> rows) {
        LocalDate today = today();
        return rows.stream().map(r -> com.gpuquote.quote.internal.QuoteSummaries.of(r, today)).toList();
    }

    // ------------------------------------------------------------------ input → domain

    private record Built(List<Opt> opts, Map<UUID, SizingRef> sizing) {
        record Opt(List<QuoteLine> lines, List<ServiceLine> services, String title, String summary,
                   ChannelTerms channel) {
        }

        List<QuoteOption> options() {
            List<QuoteOption> result = new ArrayList<>();
            for (int i = 0; i < opts.size(); i++) {
                result.add(new QuoteOption(UUID.randomUUID(), OptionName.at(i), opts.get(i).lines(),
                        opts.get(i).services(), opts.get(i).title(), opts.get(i).summary(), opts.get(i).channel()));
            }
            return result;
        }
    }

    /** Converts and validates the input with every error at once (domain paths mapped to the API's names). */
    static final int MAX_VOUCHERS_PER_OPTION = 10;

    private Built build(List<QuoteInput.Option> input, Set<UUID> ownIds, Map<UUID, SizingRef> ownSizing,
                        LocalDate validUntil, LocalDate today, Project project, List<QuoteOption> baseline) {
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN);
        List<FieldError> errors = new ArrayList<>();
        if (validUntil != null && validUntil.isBefore(today)) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("validUntil", "quote.error.validUntilPast")));
        } else if (validUntil != null && validUntil.isAfter(Quote.latestValidUntil(today))) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("validUntil", "quote.error.validUntilTooFar")));
        }
        if (input.size() > OptionName.MAX_OPTIONS) {
            errors.add(QuoteMessages.toFieldError(new QuoteError("options", "quote.error.maxOptions")));
            throw new InvalidInputException(errors);
        }
        List<Built.Opt> opts = new ArrayList<>();
        List<ProviderRebate> rebateDefaults = null;
        Map<UUID, SizingRef> sizing = new LinkedHashMap<>();
        Set<UUID> used = new HashSet<>();
        for (int i = 0; i < input.size(); i++) {
            QuoteInput.Option in = input.get(i);
            String path = "options[" + i + "]";
            if (in == null) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path, "quote.error.required")));
                continue;
            }
            if (in.name() != null && !in.name().isBlank() && !in.name().strip().equals(OptionName.at(i).name())) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".name", "quote.error.optionName")));
            }
            List<QuoteLine> lines = new ArrayList<>();
            if (in.lines().size() > MAX_LINES_PER_OPTION) { // every read re-prices every line: refuse early
                errors.add(new FieldError(path + ".lines", "range", "At most " + MAX_LINES_PER_OPTION + " lines per option"));
                continue;
            }
            for (int j = 0; j < in.lines().size(); j++) {
                QuoteInput.Line li = in.lines().get(j);
                String lp = path + ".lines[" + j + "]";
                if (li == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp, "quote.error.required")));
                    continue;
                }
                if (li.quantity() == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp + ".quantity", "quote.error.required")));
                } else if (li.quantity() > MAX_QUANTITY) {
                    errors.add(new FieldError(lp + ".quantity", "range", "At most " + MAX_QUANTITY + " instances per line"));
                }
                if (li.sizing() != null && li.sizing().candidateJson() != null
                        && li.sizing().candidateJson().length() > MAX_CANDIDATE_JSON) {
                    errors.add(new FieldError(lp + ".sizingCandidate", "range",
                            "At most " + MAX_CANDIDATE_JSON + " characters of JSON"));
                    continue;
                }
                if (li.termMonths() == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(lp + ".termMonths", "quote.error.required")));
                }
                UUID id = li.id() != null && ownIds.contains(li.id()) && used.add(li.id()) ? li.id() : UUID.randomUUID();
                QuoteLine line = new QuoteLine(id, li.instanceType() == null ? null : li.instanceType().strip(),
                        li.region() == null ? null : li.region().strip(), li.billingMode(),
                        li.quantity() == null ? 1 : li.quantity(), li.termMonths() == null ? 1 : li.termMonths(),
                        li.hoursPerMonth() == null ? BillingTerms.DEFAULT_HOURS_PER_MONTH : li.hoursPerMonth(),
                        li.manualDiscountPercent() == null ? BigDecimal.ZERO : li.manualDiscountPercent());
                for (QuoteError e : line.validate(lp)) {
                    if (!(li.quantity() == null && e.field().endsWith(".quantity"))
                            && !(li.termMonths() == null && e.field().endsWith(".termMonths"))) {
                        errors.add(QuoteMessages.toFieldError(e));
                    }
                }
                if (li.sizing() != null && !li.sizing().isEmpty()) {
                    checkSizing(li.sizing(), project, lp + ".sizing", errors);
                    sizing.put(id, li.sizing());
                } else if (ownSizing.containsKey(id)) {
                    sizing.put(id, ownSizing.get(id)); // a kept line keeps why it is there
                }
                lines.add(line);
            }
            List<ServiceLine> services = new ArrayList<>();
            for (int j = 0; j < in.serviceLines().size(); j++) {
                QuoteInput.Service si = in.serviceLines().get(j);
                String sp = path + ".serviceLines[" + j + "]";
                if (si == null) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(sp, "quote.error.required")));
                    continue;
                }
                boolean monthly = si.monthlyAmount() != null;
                if (monthly == (si.oneTimeAmount() != null)) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(sp + ".monthlyAmount", "quote.error.oneAmount")));
                }
                UUID id = si.id() != null && ownIds.contains(si.id()) && used.add(si.id()) ? si.id() : UUID.randomUUID();
                ServiceLine service = new ServiceLine(id, si.description() == null ? null : si.description().strip(),
                        monthly ? ServiceCharge.MONTHLY : ServiceCharge.ONE_TIME,
                        monthly ? si.monthlyAmount() : si.oneTimeAmount());
                String amountField = sp + (monthly ? ".monthlyAmount" : ".oneTimeAmount");
                for (QuoteError e : service.validate(sp)) {
                    if (e.field().endsWith(".amount")) {
                        if (monthly || si.oneTimeAmount() != null) {
                            errors.add(QuoteMessages.toFieldError(new QuoteError(amountField, e.messageKey())));
                        }
                    } else if (e.field().endsWith(".description")) {
                        errors.add(QuoteMessages.toFieldError(new QuoteError(sp + ".description", e.messageKey())));
                    }
                }
                if (service.description() != null && service.description().length() > 500) {
                    errors.add(new FieldError(sp + ".description", "range", "At most 500 characters"));
                }
                services.add(service);
            }
            String title = in.title() == null || in.title().isBlank() ? null : in.title().strip();
            String summary = in.summary() == null || in.summary().isBlank() ? null : in.summary().strip();
            if (title != null && (title.length() > QuoteOption.MAX_TITLE
                    || !com.gpuquote.shared.InputRules.isSingleLine(title))) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".title", "quote.error.optionTitle")));
            }
            if (summary != null && summary.length() > QuoteOption.MAX_SUMMARY) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".summary", "quote.error.optionSummary")));
            }
            ChannelTerms stored = i < baseline.size() ? baseline.get(i).channel() : ChannelTerms.NONE;
            boolean fresh = i >= baseline.size()
                    || (baseline.get(i).lines().isEmpty() && stored.rebatePercent().signum() == 0);
            if (fresh && in.rebatePercent() == null) {
                // a new option (or one first given lines) starts with the provider's default rebate, as if stored,
                // so a consultant keeps it without being allowed to set one
                if (rebateDefaults == null) {
                    rebateDefaults = providerRebates.all(tenant());
                }
                List<com.gpuquote.catalog.Provider> providers = in.lines().stream()
                        .filter(x -> x != null && x.instanceType() != null)
                        .map(x -> lookups.providerOf(x.instanceType().strip()))
                        .flatMap(Optional::stream).toList();
                stored = new ChannelTerms(stored.vouchers(),
                        ProviderRebateService.defaultFor(providers, rebateDefaults));
            }
            ChannelTerms channel = channel(in, stored, admin, path, errors);
            opts.add(new Built.Opt(lines, services, title, summary, channel));
        }
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
        return new Built(opts, sizing);
    }

    /**
     * The option's vouchers and rebate (issue 16). Structural errors (missing name, amount ≤ 0, rebate outside
     * 0–50 %) are reported here; that the vouchers stay within the option's total is checked when pricing.
     */
    private static ChannelTerms channel(QuoteInput.Option in, ChannelTerms stored, boolean admin, String path,
                                        List<FieldError> errors) {
        List<Voucher> vouchers = new ArrayList<>();
        if (in.vouchers() == null) {
            vouchers.addAll(stored.vouchers());
        } else if (in.vouchers().size() > MAX_VOUCHERS_PER_OPTION) {
            errors.add(new FieldError(path + ".vouchers", "range", "At most " + MAX_VOUCHERS_PER_OPTION
                    + " vouchers per option"));
            return ChannelTerms.NONE;
        }
        for (int k = 0; in.vouchers() != null && k < in.vouchers().size(); k++) {
            QuoteInput.VoucherInput v = in.vouchers().get(k);
            String vp = path + ".vouchers[" + k + "]";
            if (v == null) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp, "quote.error.required")));
                continue;
            }
            Voucher voucher = new Voucher(v.name(), v.amount());
            if (voucher.name() == null || voucher.name().length() > Voucher.MAX_NAME
                    || !com.gpuquote.shared.InputRules.isSingleLine(voucher.name())) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".name", "quote.error.voucherName")));
            }
            if (v.amount() == null || v.amount().signum() <= 0) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".amount", "quote.error.voucherAmount")));
            } else if (v.amount().stripTrailingZeros().scale() > 2) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(vp + ".amount", "quote.error.amountDecimals")));
            }
            vouchers.add(voucher);
        }
        BigDecimal rebate = in.rebatePercent() == null ? stored.rebatePercent() : in.rebatePercent();
        if (rebate.signum() < 0 || rebate.compareTo(ChannelTerms.MAX_REBATE_PERCENT) > 0
                || rebate.stripTrailingZeros().scale() > 2) {
            errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".rebatePercent", "quote.error.rebatePercent")));
            rebate = BigDecimal.ZERO;
        } else if (!admin && rebate.compareTo(stored.rebatePercent()) != 0) {
            // the rebate counts against the margin floor: a consultant may not grant one to skip approval
            errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".rebatePercent", "quote.error.rebateAdminOnly")));
            rebate = stored.rebatePercent();
        }
        return new ChannelTerms(vouchers, rebate);
    }

    private void checkSizing(SizingRef ref, Project project, String path, List<FieldError> errors) {
        if (ref.sizingRunId() != null) {
            try {
                SizingRun run = projects.sizingRun(ref.sizingRunId());
                if (!run.projectId().equals(project.id())) {
                    errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".sizingRunId", "quote.error.sizingRun")));
                }
            } catch (NotFoundException e) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".sizingRunId", "quote.error.sizingRun")));
            }
        }
        if (ref.candidateJson() != null && !ref.candidateJson().isBlank()) {
            try {
                JSON.readTree(ref.candidateJson());
            } catch (Exception e) {
                errors.add(QuoteMessages.toFieldError(new QuoteError(path + ".candidateJson", "quote.error.json")));
            }
        }
    }

    // ------------------------------------------------------------------ domain → shared exceptions

    private MeterRegistry meters;

    /** Business metrics (docs/operations.md); a setter, so the constructor stays as it is. */
    @Autowired
    void setMeterRegistry(MeterRegistry meters) {
        this.meters = meters;
    }

    /** {@link #translated} of an action that prices a quote, counted as {@code gpuquote.quotes.priced}. */
    private <T> T priced(String operation, Supplier<T> action) {
        T result = translated(action);
        if (meters != null) {
            meters.counter("gpuquote.quotes.priced", "operation", operation).increment();
        }
        return result;
    }

    private static <T> T translated(Supplier<T> action) {
        try {
            return action.get();
        } catch (InvalidQuoteException e) {
            throw new InvalidInputException(translateErrors(e.errors()));
        } catch (IllegalQuoteTransitionException e) {
            throw new ConflictException("quote.error.illegalTransition", e.getMessage());
        } catch (QuoteNotEditableException e) {
            throw new ConflictException("quote.error.notEditable", e.getMessage());
        }
    }

    /** Domain paths to API names: {@code options[0].services[1].amount} → {@code options[0].serviceLines[1].amount}. */
    static List<FieldError> translateErrors(List<QuoteError> errors) {
        return errors.stream().map(e -> QuoteMessages.toFieldError(
                new QuoteError(e.field().replace(".services[", ".serviceLines["), e.messageKey()))).toList();
    }

    private static QuoteSearch orAll(QuoteSearch s) {
        return s == null ? QuoteSearch.ALL : s;
    }

    private LocalDate today() {
        return BusinessCalendar.today(clock);
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
