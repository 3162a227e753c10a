package com.gpuquote.quote.domain;

import org.jspecify.annotations.Nullable;
import com.gpuquote.quote.OptionName;
import com.gpuquote.quote.IllegalQuoteTransitionException;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteOptionId;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.UserId;
import com.gpuquote.quote.ServiceLine;
import com.gpuquote.quote.pricing.PricedQuote;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The quote aggregate: one version of a numbered quote with 1–4 options, its status and, from submit on,
 * its pricing snapshot. All status changes are methods that refuse illegal moves with
 * {@link IllegalQuoteTransitionException}; options and validity can be edited only in DRAFT.
 * <pre>
 * DRAFT ─submit→ PENDING_APPROVAL (some line or option below floor, or vouchers over the cap; issue 39) ─approve→ APPROVED
 * DRAFT ─submit→ APPROVED (nothing needs approval)
 * PENDING_APPROVAL / APPROVED ─reopen→ DRAFT
 * APPROVED ─send→ SENT ─markViewed→ VIEWED
 * SENT / VIEWED ─accept→ ACCEPTED, ─reject→ REJECTED, ─expire (past validity)→ EXPIRED
 * SENT / VIEWED / REJECTED / EXPIRED ─revise→ SUPERSEDED (and a new DRAFT, version n+1)
 * </pre>
 * The pricing captured at submit is what the approver approves and what is sent; it never changes
 * afterwards (price-list changes do not touch it). Not thread-safe; concurrency is the persistence layer's
 * optimistic lock.
 */
public final class Quote {

    public static final int DEFAULT_VALIDITY_DAYS = 30;

    private static final Set<QuoteStatus> REVISABLE =
            EnumSet.of(QuoteStatus.SENT, QuoteStatus.VIEWED, QuoteStatus.REJECTED, QuoteStatus.EXPIRED);
    private static final Set<QuoteStatus> OPEN_AT_CUSTOMER = EnumSet.of(QuoteStatus.SENT, QuoteStatus.VIEWED);

    private final QuoteId id;
    private final QuoteNumber number;
    private final int version;
    private final UserId authorId;
    private QuoteStatus status;
    private LocalDate validUntil;
    private List<QuoteOption> options;
    private @Nullable PricedQuote pricing;
    private @Nullable Approval approval;
    private @Nullable Instant sentAt;

    private Quote(QuoteId id, QuoteNumber number, int version, UserId authorId, QuoteStatus status, LocalDate validUntil,
                  List<QuoteOption> options, @Nullable PricedQuote pricing, @Nullable Approval approval,
                  @Nullable Instant sentAt) {
        this.id = Objects.requireNonNull(id, "id");
        this.number = Objects.requireNonNull(number, "number");
        if (version < 1) {
            throw new IllegalArgumentException("version must be ≥ 1");
        }
        this.version = version;
        this.authorId = Objects.requireNonNull(authorId, "authorId");
        this.status = Objects.requireNonNull(status, "status");
        this.validUntil = Objects.requireNonNull(validUntil, "validUntil");
        this.options = List.copyOf(options);
        this.pricing = pricing;
        this.approval = approval;
        this.sentAt = sentAt;
    }

    /** A new quote: version 1, DRAFT, no options yet, valid for 30 days from {@code today}. */
    public static Quote draft(QuoteId id, QuoteNumber number, UserId authorId, LocalDate today) {
        return new Quote(id, number, 1, authorId, QuoteStatus.DRAFT, today.plusDays(DEFAULT_VALIDITY_DAYS),
                List.of(), null, null, null);
    }

    /** Rehydrates a stored quote (persistence only); no transition rules are checked. */
    public static Quote restore(QuoteId id, QuoteNumber number, int version, UserId authorId, QuoteStatus status,
                                LocalDate validUntil, List<QuoteOption> options, PricedQuote pricing,
                                Approval approval, Instant sentAt) {
        return new Quote(id, number, version, authorId, status, validUntil, options, pricing, approval, sentAt);
    }

    // ---------------------------------------------------------------- edits (DRAFT only)

    /** Adds the next option (A, B, C, D). */
    public OptionName addOption(List<QuoteLine> lines, List<ServiceLine> services) {
        return addOption(lines, services, null, null);
    }

    /** Adds the next option with its optional name and summary. */
    public OptionName addOption(List<QuoteLine> lines, List<ServiceLine> services, @Nullable String title,
                                @Nullable String summary) {
        return addOption(lines, services, title, summary, ChannelTerms.NONE);
    }

    /** Adds the next option with its optional name, summary and channel economics (vouchers, rebate). */
    public OptionName addOption(List<QuoteLine> lines, List<ServiceLine> services, @Nullable String title,
                                @Nullable String summary,
                                ChannelTerms channel) {
        requireEditable();
        if (options.size() >= OptionName.MAX_OPTIONS) {
            throw new InvalidQuoteException("options", "quote.error.maxOptions");
        }
        OptionName name = OptionName.at(options.size());
        QuoteOption option = new QuoteOption(QuoteOptionId.random(), name, lines, services, title, summary,
                channel);
        requireValid(option, options.size());
        List<QuoteOption> next = new ArrayList<>(options);
        next.add(option);
        options = List.copyOf(next);
        return name;
    }

    /** Replaces the lines and services of option {@code name} (keeping its id). */
    public void replaceOption(OptionName name, List<QuoteLine> lines, List<ServiceLine> services) {
        int index = indexOf(name);
        replaceOption(name, lines, services, options.get(index).title(), options.get(index).summary());
    }

    /** Replaces the lines, services, name and summary of option {@code name} (keeping its id). */
    public void replaceOption(OptionName name, List<QuoteLine> lines, List<ServiceLine> services,
                              @Nullable String title, @Nullable String summary) {
        replaceOption(name, lines, services, title, summary, options.get(indexOf(name)).channel());
    }

    /** Replaces the lines, services, name, summary and channel economics of option {@code name} (keeping its id). */
    public void replaceOption(OptionName name, List<QuoteLine> lines, List<ServiceLine> services,
                              @Nullable String title, @Nullable String summary, ChannelTerms channel) {
        requireEditable();
        int index = indexOf(name);
        QuoteOption option = new QuoteOption(options.get(index).id(), name, lines, services, title, summary,
                channel);
        requireValid(option, index);
        List<QuoteOption> next = new ArrayList<>(options);
        next.set(index, option);
        options = List.copyOf(next);
    }

    /** Removes option {@code name}; the later options move up a letter (removing B turns C into B). */
    public void removeOption(OptionName name) {
        requireEditable();
        int index = indexOf(name);
        List<QuoteOption> next = new ArrayList<>(options);
        next.remove(index);
        for (int i = index; i < next.size(); i++) {
            next.set(i, next.get(i).renamed(OptionName.at(i)));
        }
        options = List.copyOf(next);
    }

    public void changeValidUntil(LocalDate newValidUntil, LocalDate today) {
        requireEditable();
        if (newValidUntil == null || newValidUntil.isBefore(today)) {
            throw new InvalidQuoteException("validUntil", "quote.error.validUntilPast");
        }
        if (newValidUntil.isAfter(latestValidUntil(today))) {
            throw new InvalidQuoteException("validUntil", "quote.error.validUntilTooFar");
        }
        validUntil = newValidUntil;
    }

    /** Our policy: a price promise holds at most one year (cloud list prices change within that). */
    public static final java.time.Period MAX_VALIDITY = java.time.Period.ofYears(1);

    /** The latest validity date a quote written today may carry. */
    public static LocalDate latestValidUntil(LocalDate today) {
        return today.plus(MAX_VALIDITY);
    }

    // ---------------------------------------------------------------- transitions

    /**
     * DRAFT → PENDING_APPROVAL when {@code priced} needs approval ({@link PricedQuote#needsApproval()}: a line or an
     * option below floor, unconfirmed vouchers over the tenant's cap), else DRAFT → APPROVED.
     * {@code priced} must be the pricing of exactly this quote's current options; it becomes the quote's
     * pricing snapshot.
     *
     * @return the new status
     */
    public QuoteStatus submit(PricedQuote priced) {
        QuoteStatus target = priced.needsApproval() ? QuoteStatus.PENDING_APPROVAL : QuoteStatus.APPROVED;
        requireStatus(status, target, QuoteStatus.DRAFT);
        if (!priced.sourceOptions().equals(options)) {
            throw new IllegalArgumentException("the pricing does not belong to this quote's current options");
        }
        List<QuoteError> errors = new ArrayList<>();
        if (options.isEmpty()) {
            errors.add(new QuoteError("options", "quote.error.noOptions"));
        }
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).lines().isEmpty()) {
                errors.add(new QuoteError("options[" + i + "].lines", "quote.error.noLines"));
            }
        }
        if (!errors.isEmpty()) {
            throw new InvalidQuoteException(errors);
        }
        pricing = priced;
        status = target;
        return status;
    }

    /**
     * PENDING_APPROVAL → APPROVED by a tenant admin who is not the author, with a comment.
     *
     * @throws ApprovalDeniedException when the approver is not a tenant admin
     * @throws SelfApprovalException   when the approver is the author
     * @throws InvalidQuoteException   when the comment is blank
     */
    public void approve(UserId approverId, boolean approverIsTenantAdmin, String comment, Instant at) {
        requireStatus(status, QuoteStatus.APPROVED, QuoteStatus.PENDING_APPROVAL);
        if (!approverIsTenantAdmin) {
            throw ApprovalDeniedException.roleNeeded(com.gpuquote.security.Role.TENANT_ADMIN, 1, 1);
        }
        if (authorId.equals(approverId)) {
            throw new SelfApprovalException(approverId);
        }
        if (comment == null || comment.isBlank()) {
            throw new InvalidQuoteException("comment", "quote.error.required");
        }
        approval = new Approval(approverId, comment.strip(), at);
        status = QuoteStatus.APPROVED;
    }

    /** PENDING_APPROVAL / APPROVED → DRAFT (to change it before sending); drops pricing and approval. */
    public void reopen() {
        requireStatus(status, QuoteStatus.DRAFT, QuoteStatus.PENDING_APPROVAL, QuoteStatus.APPROVED);
        pricing = null;
        approval = null;
        status = QuoteStatus.DRAFT;
    }

    /** APPROVED → SENT; the pricing snapshot is frozen from now on. Refused when validity has passed. */
    public void send(LocalDate today, Instant at) {
        requireStatus(status, QuoteStatus.SENT, QuoteStatus.APPROVED);
        if (today.isAfter(validUntil)) {
            throw new InvalidQuoteException("validUntil", "quote.error.validUntilPast");
        }
        sentAt = at;
        status = QuoteStatus.SENT;
    }

    /** SENT → VIEWED (first view by the customer). */
    public void markViewed(LocalDate today) {
        requireStatus(effectiveStatus(today), QuoteStatus.VIEWED, QuoteStatus.SENT);
        status = QuoteStatus.VIEWED;
    }

    /** SENT / VIEWED → ACCEPTED, within validity. */
    public void accept(LocalDate today) {
        requireStatus(effectiveStatus(today), QuoteStatus.ACCEPTED, QuoteStatus.SENT, QuoteStatus.VIEWED);
        status = QuoteStatus.ACCEPTED;
    }

    /** SENT / VIEWED → REJECTED, within validity. */
    public void reject(LocalDate today) {
        requireStatus(effectiveStatus(today), QuoteStatus.REJECTED, QuoteStatus.SENT, QuoteStatus.VIEWED);
        status = QuoteStatus.REJECTED;
    }

    /** SENT / VIEWED → EXPIRED once {@code today} is after {@code validUntil} (e.g. by a nightly job). */
    public void expire(LocalDate today) {
        requireStatus(status, QuoteStatus.EXPIRED, QuoteStatus.SENT, QuoteStatus.VIEWED);
        if (!today.isAfter(validUntil)) {
            throw new IllegalQuoteTransitionException(status, QuoteStatus.EXPIRED,
                    "Quote is valid until " + validUntil + "; it cannot expire on " + today);
        }
        status = QuoteStatus.EXPIRED;
    }

    /**
     * SENT / VIEWED / REJECTED / EXPIRED → SUPERSEDED; returns version n+1 as a DRAFT with the same number,
     * copies of the options (fresh ids), {@code reviserId} as author and a fresh 30-day validity.
     */
    public Quote revise(QuoteId newId, UserId reviserId, LocalDate today) {
        requireStatus(status, QuoteStatus.SUPERSEDED, REVISABLE.toArray(QuoteStatus[]::new));
        status = QuoteStatus.SUPERSEDED;
        return new Quote(newId, number, version + 1, reviserId, QuoteStatus.DRAFT,
                today.plusDays(DEFAULT_VALIDITY_DAYS), options.stream().map(QuoteOption::copy).toList(),
                null, null, null);
    }

    /** The status as read on {@code today}: SENT/VIEWED past validity read as EXPIRED. */
    public QuoteStatus effectiveStatus(LocalDate today) {
        return status.effectiveOn(validUntil, today);
    }

    // ---------------------------------------------------------------- reads

    public QuoteId id() {
        return id;
    }

    public QuoteNumber number() {
        return number;
    }

    public int version() {
        return version;
    }

    public UserId authorId() {
        return authorId;
    }

    public QuoteStatus status() {
        return status;
    }

    public LocalDate validUntil() {
        return validUntil;
    }

    public List<QuoteOption> options() {
        return options;
    }

    public boolean isEditable() {
        return status == QuoteStatus.DRAFT;
    }

    /** The pricing snapshot taken at submit (empty in DRAFT). */
    public Optional<PricedQuote> pricing() {
        return Optional.ofNullable(pricing);
    }

    /** True once sent: the snapshot is what the customer got and never changes. */
    public boolean isPriceFrozen() {
        return sentAt != null;
    }

    public Optional<Approval> approval() {
        return Optional.ofNullable(approval);
    }

    public Optional<Instant> sentAt() {
        return Optional.ofNullable(sentAt);
    }

    // ---------------------------------------------------------------- helpers

    private void requireEditable() {
        if (status != QuoteStatus.DRAFT) {
            throw new QuoteNotEditableException(status);
        }
    }

    private static void requireStatus(QuoteStatus current, QuoteStatus target, QuoteStatus... allowedFrom) {
        for (QuoteStatus allowed : allowedFrom) {
            if (current == allowed) {
                return;
            }
        }
        throw new IllegalQuoteTransitionException(current, target);
    }

    private int indexOf(OptionName name) {
        for (int i = 0; i < options.size(); i++) {
            if (options.get(i).name() == name) {
                return i;
            }
        }
        throw new InvalidQuoteException("options", "quote.error.noSuchOption");
    }

    private static void requireValid(QuoteOption option, int index) {
        List<QuoteError> errors = option.validate("options[" + index + "]");
        if (!errors.isEmpty()) {
            throw new InvalidQuoteException(errors);
        }
    }
}
