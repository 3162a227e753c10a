package com.gpuquote.quote;

import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteNotEditableException;
import com.gpuquote.quote.domain.QuoteNumber;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.quote.internal.QuoteRepository.StoredOptions;
import com.gpuquote.quote.internal.QuoteRow;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Drafts of the signed-in user's tenant (issue 14: drafting): create, duplicate, update and add a line. Input becomes
 * the {@link Quote} aggregate through {@link QuoteDraftInput} (validation with the API's field paths, every error
 * at once); the draft is stored, then priced once as it is read back ({@code QuoteStore.written}), which refuses a
 * line that cannot be priced today (400). Bad input 400, another tenant's ids 404, a stale row version 409.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteDrafting {

    /** Documented limits (issue 11, our policy): a line of 10,000 instances, 100 lines per option, a 64 KB candidate. */
    public static final int MAX_QUANTITY = 10_000;
    public static final int MAX_LINES_PER_OPTION = 100;
    public static final int MAX_CANDIDATE_JSON = 65_536;
    public static final int MAX_VOUCHERS_PER_OPTION = 10;

    private final QuoteStore store;
    private final QuoteDraftInput input;
    private final QuoteRepository repository;
    private final ProjectService projects;
    private final com.gpuquote.sizing.SizingRunService sizingRuns;
    private final AuditLog audit;
    private final com.gpuquote.customer.CustomerService customers;
    /** Issue 16: a duplicate keeps the terms template chosen on its source. */
    private final com.gpuquote.quote.internal.QuoteTermsRepository terms;

    QuoteDrafting(QuoteStore store, QuoteDraftInput input, QuoteRepository repository, ProjectService projects,
                  AuditLog audit, com.gpuquote.customer.CustomerService customers,
                  com.gpuquote.quote.internal.QuoteTermsRepository terms,
                  com.gpuquote.sizing.SizingRunService sizingRuns) {
        this.store = store;
        this.input = input;
        this.repository = repository;
        this.projects = projects;
        this.audit = audit;
        this.customers = customers;
        this.terms = terms;
        this.sizingRuns = sizingRuns;
    }

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
        return store.priced("create", () -> {
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
            Drafted drafted = insertDraft(project, inputs, newQuote.validUntil(), carried);
            QuoteDetails written = store.writtenDraft(drafted.row(),
                    repository.asStored(tenant(), drafted.options(), drafted.sizing()), drafted.types());
            QuoteNumber number = number(drafted);
            audit.record(tenant(), "QUOTE_CREATED", "quote", drafted.id(),
                    Map.of("number", number.toString(), "project", project.id().toString()));
            return written.withNumber(number.toString());
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
    public QuoteDetails duplicate(QuoteId sourceId, @Nullable ProjectId projectId) {
        return QuoteStore.translated(() -> {
            QuoteRow source = store.row(sourceId);
            Project project = projects.get(projectId == null ? new ProjectId(source.projectId()) : projectId);
            if (!project.customerId().value().equals(source.customerId())) {
                throw new InvalidInputException(List.of(QuoteMessages.toFieldError(
                        new QuoteError("projectId", "quote.error.duplicateOtherCustomer"))));
            }
            boolean sameProject = project.id().value().equals(source.projectId());
            StoredOptions sourceOptions = repository.options(tenant(), source.id());
            List<QuoteInput.Option> options = QuoteQueries.toInput(sourceOptions).stream()
                    .map(o -> new QuoteInput.Option(o.name(), o.lines().stream().map(l -> new QuoteInput.Line(null,
                            l.instanceType(), l.region(), l.billingMode(), l.quantity(), l.termMonths(),
                            l.hoursPerMonth(), l.manualDiscountPercent(), copiedSizing(l.sizing(), sameProject)))
                            .toList(),
                            o.serviceLines().stream().map(x -> new QuoteInput.Service(null, x.description(),
                                    x.monthlyAmount(), x.oneTimeAmount())).toList(), o.title(), o.summary(),
                            o.vouchers(), o.rebatePercent(), o.providerRebates()))
                    .toList();
            Drafted drafted = insertDraft(project, options, null, sourceOptions.options()); // the source's rebate stays
            TenantId tenant = tenant();
            terms.chosen(tenant, source.id()).ifPresent(t -> terms.choose(tenant, drafted.id(),
                    drafted.row().rowVersion(), t));
            // read back: choosing the terms has changed the row since it was inserted
            QuoteDetails written = store.written(new QuoteId(drafted.id()));
            QuoteNumber number = number(drafted);
            audit.record(tenant(), "QUOTE_DUPLICATED", "quote", drafted.id(), Map.of("number", number.toString(),
                    "project", project.id().toString(), "source", source.id().toString(),
                    "sourceNumber", source.number() + " v" + source.version()));
            return written.withNumber(number.toString());
        });
    }

    private static SizingRef copiedSizing(SizingRef ref, boolean sameProject) {
        if (ref == null || sameProject) {
            return ref;
        }
        SizingRef candidateOnly = new SizingRef(null, ref.candidateJson());
        return candidateOnly.isEmpty() ? null : candidateOnly;
    }

    /**
     * A new DRAFT stored under a provisional number, the year whose counter gives its real one, and what was written:
     * its header row as a read would give it, its options and sizing references as given, and its lines' instance
     * types as validation read them.
     */
    private record Drafted(UUID id, String provisionalNumber, int year, QuoteRow row, List<QuoteOption> options,
                           Map<QuoteLineId, SizingRef> sizing, java.util.function.Supplier<QuoteLookups.Types> types) {
    }

    /**
     * Takes the new DRAFT's gapless number and writes it over the provisional one: the last writes of the create
     * transaction (ADR 1854), so the tenant's counter row stays locked only for that one statement, the audit row and
     * the commit, not through the inserts and the pricing. A rollback still gives the number back.
     */
    private QuoteNumber number(Drafted drafted) {
        TenantId tenant = tenant();
        QuoteRepository.TakenNumber taken = repository.takeNumber(tenant, drafted.id(), drafted.provisionalNumber(),
                drafted.year());
        QuoteNumber number = new QuoteNumber(drafted.year(), taken.sequence());
        if (!number.toString().equals(taken.number())) {
            // the statement writes the number's text itself; QuoteNumber owns the format (rolls back, never stored)
            throw new IllegalStateException("quote number written as " + taken.number() + ", not " + number);
        }
        return number;
    }

    /**
     * Validates and stores a new DRAFT under a provisional number; the caller reads it back with
     * {@code store.written}, which prices it once and refuses (400) a line that cannot be priced today, then takes its
     * real number ({@link #number}) and audits.
     */
    private Drafted insertDraft(Project project, List<QuoteInput.Option> options, LocalDate validUntil,
                                List<QuoteOption> baseline) {
        LocalDate today = today();
        QuoteDraftInput.Built built = input.build(options, Set.of(), Map.of(), validUntil, today, project, baseline);
        TenantId tenant = tenant();
        GpuQuoteUser me = CurrentUser.require();
        String provisional = QuoteRepository.provisionalNumber();
        // the aggregate needs a number; this one is never stored or shown (the row carries the provisional one)
        QuoteNumber number = QuoteNumber.parse(provisional.replace("Q-0000-", "Q-" + today.getYear() + "-"));
        Quote quote = Quote.draft(new QuoteId(com.gpuquote.shared.TimeOrderedUuid.next()), number, me.userId(), today);
        if (validUntil != null) {
            quote.changeValidUntil(validUntil, today);
        }
        for (QuoteDraftInput.Built.Opt o : built.opts()) {
            quote.addOption(o.lines(), o.services(), o.title(), o.summary(), o.channel());
        }
        // addOption gives fresh option ids; keep the lines' sizing references (keyed by line id)
        QuoteRepository.Inserted inserted = repository.insert(tenant, quote.id().value(), provisional, 1,
                QuoteStatus.DRAFT, project.id().value(), me.userId().value(), quote.validUntil());
        repository.insertOptions(tenant, quote.id().value(), quote.options(), built.sizing());
        return new Drafted(quote.id().value(), provisional, today.getYear(),
                QuoteStore.draftRow(quote.id().value(), provisional, project, me.userId(), quote.validUntil(), inserted),
                quote.options(), built.sizing(), built.types());
    }
    /** Replaces validity and options of a DRAFT; {@code update.version()} must be the row version read. */
    @Transactional
    public QuoteDetails update(QuoteId id, QuoteUpdate update) {
        return store.priced("update", () -> {
            if (update == null || update.version() == null) {
                throw InvalidInputException.of("version", "required", "version is required for updates");
            }
            QuoteStore.Loaded l = store.load(id);
            if (l.row().rowVersion() != update.version()) {
                throw new OptimisticLockingFailureException("quote " + id + " changed concurrently");
            }
            if (!l.quote().isEditable()) {
                throw new QuoteNotEditableException(l.quote().status());
            }
            Project project = projects.get(new ProjectId(l.row().projectId()));
            LocalDate today = today();
            Set<QuoteLineId> ownIds = new HashSet<>();
            l.options().options().forEach(o -> {
                o.lines().forEach(x -> ownIds.add(x.id()));
                o.services().forEach(x -> ownIds.add(x.id()));
            });
            QuoteDraftInput.Built built = input.build(update.options(), ownIds, l.options().sizing(), update.validUntil(), today, project,
                    l.options().options());
            Quote quote = l.quote();
            if (update.validUntil() != null && !update.validUntil().equals(quote.validUntil())) {
                quote.changeValidUntil(update.validUntil(), today);
            }
            List<QuoteDraftInput.Built.Opt> opts = built.opts();
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
            store.write(l, quote, null, null);
            repository.replaceOptions(tenant(), quote.id().value(), quote.options(), built.sizing());
            audit.record(tenant(), "QUOTE_UPDATED", "quote", quote.id(), Map.of("number", quote.number().toString()));
            return store.written(id);
        });
    }

    /**
     * "Add from sizing" in one click: appends {@code line} (usually carrying a {@link SizingRef}) to option
     * {@code option} of a DRAFT; the next letter after the last option creates that option.
     * {@code rowVersion} is the row version read.
     */
    @Transactional
    public QuoteDetails addLine(QuoteId id, int rowVersion, OptionName option, QuoteInput.Line line) {
        QuoteStore.Loaded l = store.load(id);
        List<QuoteInput.Option> options = new ArrayList<>(QuoteQueries.toInput(l.options()));
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
    private QuoteInput.Option withSizingSummary(QuoteInput.Option option, com.gpuquote.sizing.SizingRunId runId,
                                                UUID projectId) {
        try {
            var run = sizingRuns.get(runId);
            if (!run.projectId().value().equals(projectId)) {
                return option;
            }
            Project project = projects.get(new ProjectId(projectId));
            java.util.Locale locale = com.gpuquote.shared.I18n.fromTag(customers.get(project.customerId()).language());
            return com.gpuquote.sizing.SizingSummaries.describe(run.inputJson(), locale)
                    .map(s -> new QuoteInput.Option(option.name(), option.lines(), option.serviceLines(),
                            option.title(), s, option.vouchers(), option.rebatePercent(), option.providerRebates()))
                    .orElse(option);
        } catch (com.gpuquote.shared.NotFoundException e) {
            return option;
        }
    }

    private LocalDate today() {
        return store.today();
    }

    private static TenantId tenant() {
        return QuoteStore.tenant();
    }
}
