package com.gpuquote.quote;

import com.gpuquote.quote.domain.Approval;
import com.gpuquote.quote.domain.ApprovalChains;
import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteError;
import com.gpuquote.quote.domain.QuoteNotEditableException;
import com.gpuquote.quote.domain.QuoteNumber;
import com.gpuquote.quote.domain.QuoteOption;
import com.gpuquote.quote.pricing.InstanceFacts;
import com.gpuquote.quote.pricing.InstanceFactsLookup;
import com.gpuquote.quote.pricing.OptionMargin;
import com.gpuquote.quote.pricing.PricedOption;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.quote.pricing.PricingPolicy;
import com.gpuquote.quote.pricing.QuotePricer;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Autowired;
import com.gpuquote.commercial.Money;
import com.gpuquote.pricing.agreement.AgreementId;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.pricing.agreement.CustomerAgreement;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import com.gpuquote.quote.internal.QuoteFiguresRepository;
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
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What the quote services share (issue 14): loading a stored quote into its {@link Quote} aggregate and writing its
 * header back (optimistic lock), pricing options live, the read model ({@link QuoteDetails}, summaries), the approval
 * chain as stored, and the mapping of domain exceptions to the shared ones. No transaction or security of its own:
 * it runs inside {@link QuoteQueries}, {@link QuoteDrafting} and {@link QuoteWorkflow}, which are the boundary.
 * The SQL stays in {@code internal.QuoteRepository}.
 */
@Component
class QuoteStore {

    private final QuoteRepository repository;
    private final AgreementService agreements;
    private final TenantService tenants;
    private final QuoteLookups lookups;
    private final Clock clock;
    private final com.gpuquote.quote.internal.ApprovalRepository approvals;
    private final QuoteFiguresRepository figures;
    /** Issue 39: the tenant's voucher cap and the below-cost justification of a submitted quote. */
    private final com.gpuquote.quote.internal.VoucherRepository vouchers;

    QuoteStore(QuoteRepository repository, AgreementService agreements, TenantService tenants, QuoteLookups lookups,
               Clock clock, com.gpuquote.quote.internal.ApprovalRepository approvals, QuoteFiguresRepository figures,
               com.gpuquote.quote.internal.VoucherRepository vouchers) {
        this.repository = repository;
        this.vouchers = vouchers;
        this.figures = figures;
        this.agreements = agreements;
        this.tenants = tenants;
        this.lookups = lookups;
        this.clock = clock;
        this.approvals = approvals;
    }

    record Loaded(QuoteRow row, StoredOptions options, Quote quote, PricedQuote storedPricing) {
        AgreementId agreementId() {
            return row.agreementId() == null ? null : new AgreementId(row.agreementId());
        }
    }

    record Live(PricedQuote pricing, AgreementId agreementId, BigDecimal vatRate) {
    }

    QuoteRow row(QuoteId id) {
        if (id == null) {
            throw new NotFoundException("quote", null);
        }
        return repository.find(tenant(), id.value()).orElseThrow(() -> new NotFoundException("quote", id));
    }

    /** {@link #load(QuoteId)}, refusing (409) when the caller saw another row version than the stored one. */
    Loaded load(QuoteId id, @Nullable Integer expectedRowVersion) {
        Loaded l = load(id);
        if (expectedRowVersion != null && expectedRowVersion != l.row().rowVersion()) {
            throw new OptimisticLockingFailureException("quote " + id + " changed since version " + expectedRowVersion
                    + " was read (now " + l.row().rowVersion() + ")");
        }
        return l;
    }

    Loaded load(QuoteId id) {
        QuoteRow row = row(id);
        StoredOptions options = repository.options(tenant(), row.id());
        PricedQuote pricing = row.pricingJson() == null ? null : PricingSnapshotCodec.read(row.pricingJson());
        Approval approval = row.approvedBy() == null ? null
                : new Approval(new UserId(row.approvedBy()), row.approvalComment(), row.approvedAt());
        Quote quote = Quote.restore(new QuoteId(row.id()), QuoteNumber.parse(row.number()), row.version(),
                new UserId(row.authorId()),
                QuoteStatus.valueOf(row.status()), row.validUntil(), options.options(), pricing, approval,
                row.sentAt());
        return new Loaded(row, options, quote, pricing);
    }

    void write(Loaded l, Quote quote, AgreementId agreementId, Instant submittedAt) {
        writeHeader(l, quote, agreementId, submittedAt,
                l.row().supersededBy() == null ? null : new QuoteId(l.row().supersededBy()));
    }

    void writeHeader(Loaded l, Quote quote, AgreementId agreementId, Instant submittedAt,
                     @Nullable QuoteId supersededBy) {
        PricedQuote pricing = quote.pricing().orElse(null);
        // an unchanged snapshot is written back byte for byte (frozen once sent)
        String json = pricing == null ? null
                : pricing == l.storedPricing() ? l.row().pricingJson() : PricingSnapshotCodec.write(pricing);
        HeaderState state = new HeaderState(quote.status(), quote.validUntil(), json,
                pricing == null ? null : pricing.pricedOn(), pricing == null || agreementId == null ? null
                : agreementId.value(), pricing == null ? null : submittedAt,
                quote.approval().map(a -> a.approverId().value()).orElse(null),
                quote.approval().map(Approval::approvedAt).orElse(null),
                quote.approval().map(Approval::comment).orElse(null), quote.sentAt().orElse(null),
                supersededBy == null ? null : supersededBy.value());
        if (repository.updateHeader(tenant(), quote.id().value(), l.row().rowVersion(), state) == 0) {
            throw new OptimisticLockingFailureException("quote " + quote.id() + " changed concurrently");
        }
        if (pricing != l.storedPricing()) {
            // the dashboard's figures follow the snapshot in the same transaction (V83, ADR 1855)
            InstanceFactsLookup instances = lookups.instances();
            figures.replace(tenant(), quote.id().value(), pricing,
                    type -> instances.find(type).map(InstanceFacts::gpuModel).orElse(null));
        }
    }

    /** Prices options as of today: the tenant's price list and the customer's agreement in force. */
    Live priceLive(CustomerId customer, List<QuoteOption> options) {
        return priceLive(customer, options, null);
    }

    /** {@link #priceLive(CustomerId, List)} with the lines' instance types already read ({@code null}: read them). */
    private Live priceLive(CustomerId customer, List<QuoteOption> options, @Nullable Supplier<QuoteLookups.Types> read) {
        Tenant tenant = tenants.current();
        PricingPolicy policy = new PricingPolicy(tenant.marginFloorPct(), tenant.vatRate(),
                vouchers.capPercent(tenant.id()).orElse(PricingPolicy.DEFAULT_VOUCHER_CAP_PERCENT));
        if (!seesRebates()) { // issue 39, ADR 3905: a consultant's floor checks leave the rebate out
            policy = policy.withoutRebateInFloorCheck();
        }
        LocalDate today = today();
        Optional<CustomerAgreement> agreement = agreements.inForce(customer, today);
        QuoteLookups.Types types = read != null ? read.get() : lookups.types(options.stream()
                .flatMap(o -> o.lines().stream()).map(com.gpuquote.quote.domain.QuoteLine::instanceType).toList());
        QuotePricer pricer = new QuotePricer(lookups.prices(clock.instant(), types), lookups.instances(types), policy);
        PricedQuote priced = pricer.price(options, agreement.map(CustomerAgreement::terms).orElse(null), today);
        return new Live(priced, agreement.map(CustomerAgreement::id).orElse(null), policy.vatRate());
    }

    /** Tenant admins and approvers see the rebate and judge floors with it; consultants (and nobody signed in) not. */
    private static boolean seesRebates() {
        return CurrentUser.get().map(u -> u.hasRole(Role.TENANT_ADMIN) || u.hasRole(Role.APPROVER)).orElse(false);
    }

    /** The read model of one stored quote, as the caller may see it; a DRAFT is priced live here. */
    QuoteDetails details(QuoteRow row) {
        return details(row, false);
    }

    /**
     * {@link #details(QuoteRow)} of a DRAFT just written by create, duplicate or update: this is where the draft is
     * priced, once (issue 14); a draft that cannot be priced today is refused (400, the whole write rolls back) rather
     * than answered with its pricing errors.
     */
    QuoteDetails written(QuoteId id) {
        return details(row(id), true);
    }

    /**
     * {@link #written(QuoteId)} of a DRAFT that create has just inserted, built from what was written instead of read
     * back (issue 18: reading the header, options, lines, services, vouchers and approvals back was ~15 % of a
     * create): {@code row} from the insert's answer, {@code options} as {@code QuoteRepository.asStored} gives them,
     * the lines' instance types as validation read them; a new draft has no approval chain. The same answer a read of
     * the quote gives (QuoteCreatedAnswerTest).
     */
    QuoteDetails writtenDraft(QuoteRow row, StoredOptions options, Supplier<QuoteLookups.Types> types) {
        return details(row, options, List.of(), types, true);
    }

    /** The header row of a DRAFT just inserted, as {@link #row(QuoteId)} would read it. */
    static QuoteRow draftRow(UUID id, String number, com.gpuquote.customer.Project project, UserId author,
                             LocalDate validUntil, QuoteRepository.Inserted inserted) {
        return new QuoteRow(id, number, 1, QuoteStatus.DRAFT.name(), project.id().value(), project.name(),
                project.customerId().value(), project.customerName(), author.value(), inserted.authorName(),
                validUntil, null, null, null, null, null, null, null, null, null, null, inserted.createdAt(),
                inserted.updatedAt(), inserted.rowVersion(), null, null);
    }

    private QuoteDetails details(QuoteRow row, boolean refuseUnpriced) {
        return details(row, repository.options(tenant(), row.id()), approvals.chain(tenant(), row.id()), null,
                refuseUnpriced);
    }

    private QuoteDetails details(QuoteRow row, StoredOptions stored, List<ApprovalStep> chain,
                                 @Nullable Supplier<QuoteLookups.Types> types, boolean refuseUnpriced) {
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
                    Live l = priceLive(new CustomerId(row.customerId()), stored.options(), types);
                    live = l.pricing();
                    applied = l.agreementId();
                }
            } catch (InvalidQuoteException e) {
                if (refuseUnpriced) {
                    throw e;
                }
                live = null;
                pricingErrors = translateErrors(e.errors());
            }
            pricing = live;
            agreementId = applied;
        }
        // issue 16: an approver judges the margin of what was submitted (the frozen snapshot), as the inbox shows it
        boolean admin = CurrentUser.require().hasRole(Role.TENANT_ADMIN)
                || (CurrentUser.require().hasRole(Role.APPROVER) && row.pricingJson() != null);
        Map<QuoteLineId, BigDecimal> floors = new LinkedHashMap<>();
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
                chain, optionApprovals(pricing, admin), row.pricingJson() == null ? null
                : vouchers.justification(tenant(), row.id()).orElse(null));
    }

    /** Issue 39: each option's approval checks; a consultant sees only the voucher cap's (the rest reveals cost). */
    private static List<com.gpuquote.quote.pricing.OptionApproval> optionApprovals(@Nullable PricedQuote pricing,
                                                                                  boolean admin) {
        if (pricing == null) {
            return List.of();
        }
        return pricing.options().stream().map(o -> {
            var a = o.approval();
            return admin ? new com.gpuquote.quote.pricing.OptionApproval(a.unconfirmedVoucherTotal(),
                    a.confirmedVoucherTotal(), a.voucherCapPercent(), a.vouchersOverCap(), a.marginBelowFloor(),
                    o.belowCost())
                    : new com.gpuquote.quote.pricing.OptionApproval(a.unconfirmedVoucherTotal(),
                    a.confirmedVoucherTotal(), a.voucherCapPercent(), a.vouchersOverCap(), false, false);
        }).toList();
    }

    List<QuoteSummary> summaries(List<QuoteRow> rows) {
        LocalDate today = today();
        return rows.stream().map(r -> com.gpuquote.quote.internal.QuoteSummaries.of(r, today)).toList();
    }

    // ------------------------------------------------------------------ input → domain

    List<ApprovalStep> chainOf(QuoteId id) {
        return chainOf(id, false);
    }

    /**
     * The quote's approval chain; a quote waiting without one (submitted before V63) has the single tenant-admin
     * step it had then, written when {@code write} (in approve, so that it is decided once like any other; reads
     * run in read-only transactions and only see it).
     */
    List<ApprovalStep> chainOf(QuoteId id, boolean write) {
        List<ApprovalStep> chain = approvals.chain(tenant(), id.value());
        if (chain.isEmpty() && QuoteStatus.PENDING_APPROVAL.name().equals(row(id).status())) {
            if (!write) {
                return ApprovalChains.orSingleAdminStep(chain, true);
            }
            approvals.startChain(tenant(), id.value(), List.of(Role.TENANT_ADMIN));
            chain = approvals.chain(tenant(), id.value());
        }
        return chain;
    }

    /**
     * {@link #chainOf(QuoteId)} of each of {@code rows} (read only), in one statement for the whole list (the approvals
     * inbox, issue 14); a waiting quote without a written chain has the single tenant-admin step.
     */
    Map<QuoteId, List<ApprovalStep>> chainsOf(List<QuoteRow> rows) {
        Map<UUID, List<ApprovalStep>> stored = approvals.chains(tenant(), rows.stream().map(QuoteRow::id).toList());
        Map<QuoteId, List<ApprovalStep>> chains = new LinkedHashMap<>();
        for (QuoteRow r : rows) {
            chains.put(new QuoteId(r.id()), ApprovalChains.orSingleAdminStep(stored.getOrDefault(r.id(), List.of()),
                    QuoteStatus.PENDING_APPROVAL.name().equals(r.status())));
        }
        return chains;
    }

    private MeterRegistry meters;

    /** Business metrics (docs/operations.md); a setter, so the constructor stays as it is. */
    @Autowired
    void setMeterRegistry(MeterRegistry meters) {
        this.meters = meters;
    }

    /** {@link #translated} of an action that prices a quote, counted as {@code gpuquote.quotes.priced}. */
    <T> T priced(String operation, Supplier<T> action) {
        T result = translated(action);
        if (meters != null) {
            meters.counter("gpuquote.quotes.priced", "operation", operation).increment();
        }
        return result;
    }

    static <T> T translated(Supplier<T> action) {
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

    static QuoteSearch orAll(QuoteSearch s) {
        return s == null ? QuoteSearch.ALL : s;
    }

    LocalDate today() {
        return BusinessCalendar.today(clock);
    }

    static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }
}
