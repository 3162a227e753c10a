package com.gpuquote.quote;

import com.gpuquote.quote.domain.Approval;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteNumber;
import com.gpuquote.quote.pricing.PricedQuote;
import com.gpuquote.commercial.Money;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.customer.ProjectId;
import com.gpuquote.quote.internal.PricingSnapshotCodec;
import com.gpuquote.quote.internal.QuoteFiguresRepository;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.quote.internal.QuoteRepository.HeaderState;
import com.gpuquote.quote.internal.QuoteRow;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The quote as the customer portal needs it (issue 7), for server code only: no {@code @PreAuthorize}, and a
 * transaction must already be running ({@code MANDATORY}) in the tenant's scope that a verified portal link named.
 * Never hand this to views or controllers. Only consultant-safe views ({@link OptionView}) leave it: no cost or
 * margin. Status changes go through the {@link Quote} aggregate and the row-version check, so two concurrent
 * changes of one quote cannot both win.
 */
@Service
public class QuotePortalAccess {

    /** One quote version as the customer may see it; {@code status} is effective (EXPIRED computed on read). */
    public record CustomerQuote(QuoteId id, String number, int version, QuoteStatus status, QuoteStatus storedStatus,
                                LocalDate validUntil, ProjectId projectId, String projectName, CustomerId customerId,
                                String customerName, UserId authorId, String authorName, Instant sentAt,
                                Optional<QuoteId> supersededBy, String currency, List<OptionView> options,
                                Map<QuoteLineId, SizingRef> lineSizing, int rowVersion) {

        public Optional<OptionView> option(QuoteOptionId optionId) {
            return options.stream().filter(o -> o.id().equals(optionId)).findFirst();
        }
    }

    private final QuoteRepository repository;
    private final Clock clock;
    private final QuoteFiguresRepository figures;

    private final com.gpuquote.quote.internal.QuoteTermsRepository terms;

    QuotePortalAccess(QuoteRepository repository, Clock clock, com.gpuquote.quote.internal.QuoteTermsRepository terms,
                      QuoteFiguresRepository figures) {
        this.terms = terms;
        this.figures = figures;
        this.clock = clock;
        this.repository = repository;
    }

    /** The quote's terms (chosen, else the tenant's default) in {@code locale}, as its document prints them. */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<String> termsText(TenantId tenant, QuoteId id, java.util.Locale locale) {
        return terms.forQuote(tenant, id.value()).map(t -> t.render(locale)).filter(s -> !s.isBlank());
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<CustomerQuote> find(TenantId tenant, QuoteId id) {
        return repository.find(tenant, id.value()).map(row -> view(tenant, row));
    }

    /**
     * The list rows of the given quotes in one statement (issue 14: no load per item on the portal's read paths);
     * ids of quotes not found are left out. No options or pricing: for labels (number, customer) only.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Map<QuoteId, QuoteSummary> summaries(TenantId tenant, java.util.Collection<QuoteId> ids) {
        Map<QuoteId, QuoteSummary> result = new java.util.LinkedHashMap<>();
        repository.summaries(tenant, ids.stream().map(QuoteId::value).toList())
                .forEach(r -> result.put(new QuoteId(r.id()), summary(r)));
        return result;
    }

    /** SENT → VIEWED; a quote already viewed (or in any other state) is left as it is. */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean markViewedIfSent(TenantId tenant, QuoteId id) {
        QuoteRow row = require(tenant, id);
        Quote quote = restore(tenant, row);
        if (quote.effectiveStatus(today()) != QuoteStatus.SENT) {
            return false;
        }
        return write(tenant, row, quote, q -> q.markViewed(today()));
    }

    /**
     * SENT / VIEWED → ACCEPTED within validity, the customer having chosen the option named {@code optionName} (the
     * dashboard counts that option from now on); throws {@link IllegalQuoteTransitionException} otherwise.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public void accept(TenantId tenant, QuoteId id, int expectedRowVersion, String optionName) {
        transition(tenant, id, expectedRowVersion, q -> q.accept(today()));
        figures.choose(tenant, id.value(), optionName);
        figures.recordAccepted(tenant, id.value());
    }

    /** SENT / VIEWED → REJECTED within validity. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void reject(TenantId tenant, QuoteId id, int expectedRowVersion) {
        transition(tenant, id, expectedRowVersion, q -> q.reject(today()));
    }

    /** SENT / VIEWED past validity → EXPIRED (the scheduled job); false when it is not due. */
    @Transactional(propagation = Propagation.MANDATORY)
    public boolean expireIfDue(TenantId tenant, QuoteId id) {
        QuoteRow row = require(tenant, id);
        Quote quote = restore(tenant, row);
        LocalDate today = today();
        if (quote.status() == QuoteStatus.EXPIRED || quote.effectiveStatus(today) != QuoteStatus.EXPIRED) {
            return false;
        }
        return write(tenant, row, quote, q -> q.expire(today));
    }

    /**
     * For the expiry job: the quotes open at the customer whose validity ends by {@code until}, locked for the
     * running transaction; quotes another transaction holds (another instance's job) are left out (issue 18).
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public List<QuoteSummary> claimOpenAtCustomerDue(TenantId tenant, LocalDate until) {
        return repository.claimOpenAtCustomerDue(tenant, until).stream().map(this::summary).toList();
    }

    /** One page of the versions ever sent to the customer, newest first (a CUSTOMER user's history). */
    @Transactional(propagation = Propagation.MANDATORY)
    public List<QuoteSummary> sentToCustomer(TenantId tenant, CustomerId customer, int offset, int limit) {
        return repository.sentToCustomer(tenant, customer.value(), Math.max(0, offset),
                Math.max(0, Math.min(limit, QuoteQueries.MAX_PAGE))).stream().map(this::summary).toList();
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public int countSentToCustomer(TenantId tenant, CustomerId customer) {
        return repository.countSentToCustomer(tenant, customer.value());
    }

    private void transition(TenantId tenant, QuoteId id, int expectedRowVersion, Consumer<Quote> change) {
        QuoteRow row = require(tenant, id);
        if (row.rowVersion() != expectedRowVersion) {
            throw new OptimisticLockingFailureException("quote " + id + " changed concurrently");
        }
        if (!write(tenant, row, restore(tenant, row), change)) {
            throw new OptimisticLockingFailureException("quote " + id + " changed concurrently");
        }
    }

    private boolean write(TenantId tenant, QuoteRow row, Quote quote, Consumer<Quote> change) {
        change.accept(quote);
        // everything but the status is written back exactly as stored (the snapshot is frozen once sent)
        HeaderState state = new HeaderState(quote.status(), row.validUntil(), row.pricingJson(), row.pricedOn(),
                row.agreementId(), row.submittedAt(), row.approvedBy(), row.approvedAt(), row.approvalComment(),
                row.sentAt(), row.supersededBy());
        return repository.updateHeader(tenant, row.id(), row.rowVersion(), state) == 1;
    }

    private QuoteRow require(TenantId tenant, QuoteId id) {
        return repository.find(tenant, id.value())
                .orElseThrow(() -> new com.gpuquote.shared.NotFoundException("quote", id));
    }

    private Quote restore(TenantId tenant, QuoteRow row) {
        PricedQuote pricing = row.pricingJson() == null ? null : PricingSnapshotCodec.read(row.pricingJson());
        Approval approval = row.approvedBy() == null ? null
                : new Approval(new UserId(row.approvedBy()), row.approvalComment(), row.approvedAt());
        return Quote.restore(new QuoteId(row.id()), QuoteNumber.parse(row.number()), row.version(),
                new UserId(row.authorId()),
                QuoteStatus.valueOf(row.status()), row.validUntil(), repository.options(tenant, row.id()).options(),
                pricing, approval, row.sentAt());
    }

    private CustomerQuote view(TenantId tenant, QuoteRow row) {
        QuoteStatus stored = QuoteStatus.valueOf(row.status());
        List<OptionView> options = row.pricingJson() == null ? List.of()
                : PricingSnapshotCodec.read(row.pricingJson()).consultantView();
        return new CustomerQuote(new QuoteId(row.id()), row.number(), row.version(), stored.effectiveOn(row.validUntil(), today()),
                stored, row.validUntil(), new ProjectId(row.projectId()), row.projectName(),
                new CustomerId(row.customerId()), row.customerName(), new UserId(row.authorId()), row.authorName(),
                row.sentAt(), Optional.ofNullable(row.supersededBy()).map(QuoteId::new), Money.CURRENCY, options,
                Map.copyOf(repository.options(tenant, row.id()).sizing()), row.rowVersion());
    }

    private QuoteSummary summary(QuoteRow r) {
        return com.gpuquote.quote.internal.QuoteSummaries.of(r, today());
    }

    private LocalDate today() {
        return BusinessCalendar.today(clock);
    }
}
