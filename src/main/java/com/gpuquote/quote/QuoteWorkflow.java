package com.gpuquote.quote;

import com.gpuquote.quote.domain.ApprovalDeniedException;
import com.gpuquote.quote.domain.ApprovalChains;
import com.gpuquote.quote.domain.ApprovalStep;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.domain.Quote;
import com.gpuquote.quote.domain.QuoteLine;
import com.gpuquote.quote.domain.SelfApprovalException;
import com.gpuquote.shared.Roles;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.CustomerId;
import com.gpuquote.quote.internal.QuoteRepository;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.security.Role;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.notification.NotificationService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The status machine of the signed-in user's tenant's quotes (issue 14: workflow): submit (the pricing snapshot and
 * the approval chain), approve step by step (ADR 1603), reject, reopen, send (the customer's portal link), revise.
 * Every move checks the row version the caller saw (409), an illegal move is a 409, approval by the wrong role or
 * by the author a 403. The rules live in the {@link Quote} aggregate; customer-side moves are the portal's.
 */
@Service
@PreAuthorize(Roles.IS_TENANT_STAFF)
public class QuoteWorkflow {

    private final QuoteStore store;
    private final QuoteRepository repository;
    private final AuditLog audit;
    private final ObjectProvider<QuoteSendListener> sendListeners;
    private final NotificationService notifications;
    private final MailOutbox mail;
    private final Clock clock;
    /** Issue 16: a revision keeps the terms template chosen on the version it revises. */
    private final com.gpuquote.quote.internal.QuoteTermsRepository terms;
    /** Issue 16: the tenant's approval tiers and each quote's approval chain. */
    private final com.gpuquote.quote.internal.ApprovalRepository approvals;
    /** Issue 16: who may take the next approval step, to notify them. */
    private final com.gpuquote.user.UserDirectory users;
    /** Issue 39: the below-cost justification given at submit. */
    private com.gpuquote.quote.internal.VoucherRepository voucherRepository;

    /** A setter, so the constructor stays as it is. */
    @org.springframework.beans.factory.annotation.Autowired
    void setVoucherRepository(com.gpuquote.quote.internal.VoucherRepository voucherRepository) {
        this.voucherRepository = voucherRepository;
    }

    QuoteWorkflow(QuoteStore store, QuoteRepository repository, AuditLog audit,
                  ObjectProvider<QuoteSendListener> sendListeners, NotificationService notifications,
                  MailOutbox mail, Clock clock, com.gpuquote.quote.internal.QuoteTermsRepository terms,
                  com.gpuquote.quote.internal.ApprovalRepository approvals, com.gpuquote.user.UserDirectory users) {
        this.store = store;
        this.repository = repository;
        this.audit = audit;
        this.sendListeners = sendListeners;
        this.notifications = notifications;
        this.mail = mail;
        this.clock = clock;
        this.terms = terms;
        this.approvals = approvals;
        this.users = users;
    }

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
    public QuoteDetails submit(QuoteId id, @Nullable Integer expectedRowVersion) {
        return submit(id, expectedRowVersion, null);
    }

    /**
     * {@link #submit(QuoteId, Integer)} with the consultant's written justification (issue 39): an option below cost
     * (negative margin) cannot be submitted without one (400 naming {@code justification}; at most 2000 characters);
     * the approver reads it. Without an option below cost it is not kept.
     */
    @Transactional
    public QuoteDetails submit(QuoteId id, @Nullable Integer expectedRowVersion, @Nullable String justification) {
        String why = justification == null || justification.isBlank() ? null : justification.strip();
        if (why != null && why.length() > 2000) {
            throw InvalidInputException.of("justification", "quote.error.justificationTooLong",
                    QuoteMessages.english("quote.error.justificationTooLong"));
        }
        return QuoteStore.translated(() -> {
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            Quote quote = l.quote();
            if (quote.status() != QuoteStatus.DRAFT) {
                throw new IllegalQuoteTransitionException(quote.status(), QuoteStatus.PENDING_APPROVAL,
                        "Quote " + quote.number() + " v" + quote.version() + " is " + quote.status()
                                + "; only a DRAFT can be submitted");
            }
            QuoteStore.Live live = store.priceLive(new CustomerId(l.row().customerId()), quote.options());
            boolean belowCost = live.pricing().anyBelowCost();
            if (belowCost && why == null) {
                throw new InvalidQuoteException("justification", "quote.error.justificationRequired");
            }
            QuoteStatus to = quote.submit(live.pricing());
            store.write(l, quote, live.agreementId(), clock.instant());
            voucherRepository.saveJustification(tenant(), quote.id().value(), belowCost ? why : null,
                    CurrentUser.require().userId().value(), clock.instant());
            if (to == QuoteStatus.PENDING_APPROVAL) {
                // the steps are fixed at submit: a later change of the tiers does not move a quote already waiting
                approvals.startChain(tenant(), quote.id().value(), ApprovalTierService.requiredSteps(
                        approvals.tiers(tenant()), ApprovalTierService.discountDepth(live.pricing())));
                notifyFirstApprovers(l, store.chainOf(id));
            } else {
                approvals.clearChain(tenant(), quote.id().value());
            }
            audit.record(tenant(), "QUOTE_SUBMITTED", "quote", quote.id(),
                    Map.of("number", quote.number().toString(), "status", to.name()));
            return store.details(store.row(id));
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
    public QuoteDetails approve(QuoteId id, String comment, @Nullable Integer expectedRowVersion) {
        return approve(id, comment, expectedRowVersion, null);
    }

    /**
     * {@link #approve(QuoteId, String, Integer)} with the approver's second confirmation (issue 39): a quote with an
     * option below cost (negative margin) is approved only with {@code confirmBelowCost} true (else 400 naming it),
     * at every step.
     */
    @Transactional
    @PreAuthorize(Roles.IS_QUOTE_READER)
    public QuoteDetails approve(QuoteId id, String comment, @Nullable Integer expectedRowVersion,
                                @Nullable Boolean confirmBelowCost) {
        if (comment != null && comment.strip().length() > 2000) { // the column's limit (V32)
            throw InvalidInputException.of("comment", "range", "At most 2000 characters");
        }
        return QuoteStore.translated(() -> {
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            GpuQuoteUser me = CurrentUser.require();
            if (l.quote().status() != QuoteStatus.PENDING_APPROVAL) {
                // the aggregate refuses it with the usual transition error
                l.quote().approve(me.userId(), me.hasRole(Role.TENANT_ADMIN), comment, clock.instant());
            }
            List<ApprovalStep> chain = store.chainOf(id, true);
            ApprovalStep next = ApprovalChains.waitingStep(chain)
                    .orElseThrow(() -> new ConflictException("quote.error.approvalTaken", "Every approval step is taken"));
            boolean last = next.step() == chain.get(chain.size() - 1).step();
            if (!me.hasRole(next.role())) { // checked before the author, as before tiers
                throw ApprovalDeniedException.roleNeeded(next.role(), next.step(), chain.size());
            }
            if (me.userId().value().equals(l.row().authorId())) {
                throw new SelfApprovalException(me.userId());
            }
            if (ApprovalChains.tookAStep(chain, me.userId())) {
                throw ApprovalDeniedException.earlierStep();
            }
            if (comment == null || comment.isBlank()) {
                throw new InvalidQuoteException("comment", "quote.error.required");
            }
            if (l.storedPricing() != null && l.storedPricing().anyBelowCost() && !Boolean.TRUE.equals(confirmBelowCost)) {
                throw new InvalidQuoteException("confirmBelowCost", "quote.error.confirmBelowCost");
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
                resolveApprovalTasks(l);
                notifyNextApprovers(l, chain, chain.stream().filter(st -> st.step() > next.step()).findFirst()
                        .orElseThrow(), me);
                return store.details(store.row(id));
            }
            l.quote().approve(me.userId(), true, comment, clock.instant());
            store.write(l, l.quote(), l.agreementId(), l.row().submittedAt());
            audit.record(tenant(), "QUOTE_APPROVED", "quote", id,
                    Map.of("number", l.quote().number().toString(), "comment", comment.strip()));
            notifyAuthor(l, "QUOTE_APPROVED_STEP", comment.strip(), next, chain.size());
            resolveApprovalTasks(l);
            return store.details(store.row(id));
        });
    }

    /**
     * A tenant admin refuses a quote waiting for approval: PENDING_APPROVAL → DRAFT with a reason, which the author
     * reads in the bell (and the mail) so they know what to change.
     */
    @Transactional
    @PreAuthorize(Roles.IS_QUOTE_APPROVER)
    public QuoteDetails reject(QuoteId id, String reason, @Nullable Integer expectedRowVersion) {
        return QuoteStore.translated(() -> {
            if (reason == null || reason.isBlank()) {
                throw new InvalidQuoteException("reason", "quote.error.required");
            }
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            if (l.quote().status() != QuoteStatus.PENDING_APPROVAL) {
                throw new IllegalQuoteTransitionException(l.quote().status(), QuoteStatus.DRAFT,
                        "Quote " + l.quote().number() + " is " + l.quote().status() + "; only a quote waiting for approval can be rejected");
            }
            // a tenant admin may always refuse (as before tiers); an approver when the waiting step is theirs
            GpuQuoteUser me = CurrentUser.require();
            List<ApprovalStep> chain = store.chainOf(id);
            ApprovalStep waiting = chain.stream().filter(st -> st.decidedAt() == null).findFirst().orElse(null);
            if (!me.hasRole(Role.TENANT_ADMIN) && (waiting == null || !me.hasRole(waiting.role()))) {
                throw ApprovalDeniedException.roleNeeded(waiting == null ? Role.TENANT_ADMIN : waiting.role(),
                        waiting == null ? chain.size() : waiting.step(), chain.size());
            }
            l.quote().reopen();
            store.write(l, l.quote(), null, null);
            approvals.clearChain(tenant(), id.value());
            resolveApprovalTasks(l);
            audit.record(tenant(), "QUOTE_APPROVAL_REJECTED", "quote", id,
                    Map.of("number", l.quote().number().toString(), "reason", reason.strip()));
            // the step refused is the waiting one (a tenant admin may refuse any; a quote without a chain has one)
            notifyAuthor(l, "QUOTE_APPROVAL_STEP_REJECTED", reason.strip(),
                    waiting == null ? new ApprovalStep(1, Role.TENANT_ADMIN, null, null, null, null) : waiting,
                    Math.max(1, chain.size()));
            return store.details(store.row(id));
        });
    }

    /**
     * The author learns which step (of how many, needing which role) was decided, by whom, and why; the role is a
     * bundle key ({@code roleKey}) so the bell shows it in the reader's language.
     */
    private void notifyAuthor(QuoteStore.Loaded l, String kind, String comment, ApprovalStep step, int steps) {
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
    private void notifyNextApprovers(QuoteStore.Loaded l, List<ApprovalStep> chain, ApprovalStep nextStep, GpuQuoteUser me) {
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

    /**
     * At submit, everyone who may take the first step (its role, enabled; not the author) learns that the quote
     * waits for them, who submitted it and how many steps it needs, with a link to the review: without it an admin
     * only found a waiting quote by opening the inbox.
     */
    private void notifyFirstApprovers(QuoteStore.Loaded l, List<ApprovalStep> chain) {
        GpuQuoteUser me = CurrentUser.require();
        ApprovalStep first = chain.get(0);
        Map<String, String> params = Map.of("number", l.quote().number().toString(),
                "customer", l.row().customerName() == null ? "" : l.row().customerName(),
                "step", String.valueOf(first.step()), "steps", String.valueOf(chain.size()),
                "roleKey", "user.role." + first.role().name(), "author", who(me));
        UserId author = new UserId(l.row().authorId());
        for (UserId user : users.withRole(tenant(), first.role())) {
            if (!user.equals(author) && !user.equals(me.userId())) {
                notifications.notify(tenant(), user, "QUOTE_APPROVAL_REQUESTED", params, "approvals/" + l.row().id());
            }
        }
    }

    /** The approval tasks of the quote's steps so far are done (approved, refused or reopened): out of the bells. */
    private void resolveApprovalTasks(QuoteStore.Loaded l) {
        notifications.resolve(tenant(), "approvals/" + l.row().id(), APPROVAL_TASKS);
    }

    /** The notifications that ask someone to take an approval step. */
    private static final List<String> APPROVAL_TASKS = List.of("QUOTE_APPROVAL_REQUESTED", "QUOTE_APPROVAL_STEP_WAITING");

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
    public QuoteDetails reopen(QuoteId id, @Nullable Integer expectedRowVersion) {
        return QuoteStore.translated(() -> {
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            l.quote().reopen();
            store.write(l, l.quote(), null, null);
            approvals.clearChain(tenant(), id.value());
            resolveApprovalTasks(l);
            audit.record(tenant(), "QUOTE_REOPENED", "quote", id, Map.of("number", l.quote().number().toString()));
            return store.details(store.row(id));
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
    public SentQuote sendWithLink(QuoteId id, @Nullable Integer expectedRowVersion) {
        return QuoteStore.translated(() -> {
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            l.quote().send(today(), clock.instant());
            store.write(l, l.quote(), l.agreementId(), l.row().submittedAt());
            audit.record(tenant(), "QUOTE_SENT", "quote", id, Map.of("number", l.quote().number().toString()));
            QuoteSendListener.Issued issued = sendListeners.orderedStream().map(listener -> listener.issue(id))
                    .flatMap(Optional::stream).findFirst().orElse(null);
            return new SentQuote(store.details(store.row(id)), issued == null ? null : issued.portalUrl(),
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
    public QuoteDetails revise(QuoteId id, @Nullable Integer expectedRowVersion) {
        return store.priced("revise", () -> {
            QuoteStore.Loaded l = store.load(id, expectedRowVersion);
            Quote old = l.quote();
            if (old.effectiveStatus(today()) == QuoteStatus.EXPIRED && old.status() != QuoteStatus.EXPIRED) {
                old.expire(today()); // read as EXPIRED: record it so the revision history is truthful
            }
            GpuQuoteUser me = CurrentUser.require();
            Quote next = old.revise(new QuoteId(com.gpuquote.shared.TimeOrderedUuid.next()), me.userId(), today());
            Map<QuoteLineId, SizingRef> sizing = new LinkedHashMap<>();
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
                repository.insert(tenant, next.id().value(), next.number().toString(), next.version(), QuoteStatus.DRAFT,
                        l.row().projectId(), me.userId().value(), next.validUntil());
            } catch (DuplicateKeyException e) {
                throw new OptimisticLockingFailureException("quote " + id + " was revised concurrently");
            }
            repository.insertOptions(tenant, next.id().value(), next.options(), sizing);
            // the new version keeps the terms chosen on the old one (issue 16)
            terms.chosen(tenant, id.value()).ifPresent(t -> terms.choose(tenant, next.id().value(),
                    repository.find(tenant, next.id().value()).orElseThrow().rowVersion(), t));
            store.writeHeader(l, old, l.agreementId(), l.row().submittedAt(), next.id());
            audit.record(tenant, "QUOTE_REVISED", "quote", next.id().value(), Map.of("number", next.number().toString(),
                    "version", next.version(), "supersedes", id.toString()));
            return store.details(store.row(next.id()));
        });
    }

    private LocalDate today() {
        return store.today();
    }

    private static TenantId tenant() {
        return QuoteStore.tenant();
    }
}
