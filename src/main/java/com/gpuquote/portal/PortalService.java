package com.gpuquote.portal;

import com.gpuquote.security.Roles;
import java.time.Clock;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.ProjectWins;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.portal.internal.PortalRepository.AcceptanceRow;
import com.gpuquote.portal.internal.PortalRepository.LinkRow;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.IllegalQuoteTransitionException;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.quote.pdf.QuotePdfRenderer;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.security.SecretTokens;
import com.gpuquote.security.UserId;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.I18n;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Sha256;
import com.gpuquote.shared.Validation;
import com.gpuquote.shared.web.ClientIp;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The customer portal (issue 7). The consultant side (links, questions, orders) runs for the signed-in user; the
 * customer side has no account: the 256-bit token in the link is the credential. Its SHA-256 is looked up with the
 * narrow {@code gq_portal_lookup}, compared in constant time, and the rest runs in that link's tenant only. The raw
 * token is never stored, logged or put in an exception message.
 */
@Service
public class PortalService {

    private static final byte[] NO_HASH = new byte[32];
    private static final int MAX_TOKEN_LENGTH = 100;
    private static final int ORDER_PAGE = 500;

    private final PortalRepository repository;
    private final QuotePortalAccess quotes;
    private final ProjectWins projects;
    private final NotificationService notifications;
    private final MailOutbox mail;
    private final AuditLog audit;
    private final PortalThrottle throttle;
    private final PortalViews views;
    private final PortalNames names;
    private final QuotePdfRenderer pdf;
    private final com.gpuquote.user.UserService users;
    private final TransactionTemplate tx;
    private final String publicUrl;
    private final Clock clock;
    private final com.gpuquote.tenancy.TenantBrandingService branding;

    PortalService(PortalRepository repository, QuotePortalAccess quotes, ProjectWins projects,
                  NotificationService notifications, MailOutbox mail, AuditLog audit, PortalThrottle throttle,
                  ObjectMapper json, QuotePdfRenderer pdf, com.gpuquote.user.UserService users,
                  PlatformTransactionManager txm, @Value("${gpuquote.public-url}") String publicUrl,
                  com.gpuquote.tenancy.TenantBrandingService branding, com.gpuquote.catalog.CatalogService catalog,
                  PortalNames names, Clock clock) {
        this.clock = clock;
        this.branding = branding;
        this.names = names;
        this.users = users;
        this.repository = repository;
        this.quotes = quotes;
        this.projects = projects;
        this.notifications = notifications;
        this.mail = mail;
        this.audit = audit;
        this.throttle = throttle;
        this.views = new PortalViews(repository, names, json, catalog, quotes, clock);
        this.pdf = pdf;
        this.tx = new TransactionTemplate(txm);
        this.publicUrl = publicUrl.replaceAll("/+$", "");
    }

    // ================================================================== consultant

    /**
     * Issues the customer's link for a sent quote (valid to the end of its validity date) and mails it to the
     * customer's first contact with an email. The returned URL is the only time the raw token is shown.
     */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public IssuedLink issueLink(QuoteId id) {
        TenantId tenant = tenant();
        CustomerQuote q = quotes.find(tenant, id).orElseThrow(() -> new NotFoundException("quote", id));
        if (q.status() != QuoteStatus.SENT && q.status() != QuoteStatus.VIEWED) {
            throw new ConflictException("portal.error.notSent", "Only a sent quote within its validity has a portal link");
        }
        String token = SecretTokens.newToken("");
        UUID linkId = UUID.randomUUID();
        Instant expires = q.validUntil().plusDays(1).atStartOfDay(BusinessCalendar.ZONE).toInstant();
        repository.insertLink(tenant, linkId, id.value(), SecretTokens.sha256(token), expires,
                CurrentUser.require().userId().value());
        String url = publicUrl + "/portal/q/" + token;
        String tenantName = names.tenantName(tenant);
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        // the mail carries the raw token, so it is sent directly after commit and never stored (ADR 0701)
        var contact = names.customerContact(tenant, q.customerId());
        contact.ifPresent(c -> {
            String text = I18n.get(locale, "portal.mail.body", c.name(), tenantName, q.number(), q.validUntil().toString());
            mail.sendDirect(tenant, c.email(), I18n.get(locale, "portal.mail.subject", tenantName, q.number()),
                    text + "\n\n" + url, text + "\n\n" + I18n.get(locale, "portal.mail.linkNotStored"));
        });
        audit.record(tenant, "PORTAL_LINK_ISSUED", "quote", id, Map.of("link", linkId.toString()));
        return new IssuedLink(linkId, url, expires, contact.map(c -> c.email()).orElse(null));
    }

    /** Revokes the quote's links and issues a fresh one (the old URL answers 404 from now on). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public IssuedLink reissueLink(QuoteId id) {
        revokeLinks(id);
        return issueLink(id);
    }

    /** Revokes every active link of the quote; they answer 404 afterwards. Returns how many were revoked. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public int revokeLinks(QuoteId id) {
        TenantId tenant = tenant();
        quotes.find(tenant, id).orElseThrow(() -> new NotFoundException("quote", id));
        int n = repository.revokeAll(tenant, id.value(), CurrentUser.require().userId().value());
        audit.record(tenant, "PORTAL_LINK_REVOKED", "quote", id, Map.of("links", n));
        return n;
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<PortalLink> links(QuoteId id) {
        TenantId tenant = tenant();
        quotes.find(tenant, id).orElseThrow(() -> new NotFoundException("quote", id));
        return repository.linksOf(tenant, id.value()).stream()
                .map(l -> new PortalLink(l.id(), l.createdAt(), l.expiresAt(), l.revokedAt(), l.firstViewedAt()))
                .toList();
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<Acceptance> acceptance(QuoteId id) {
        return repository.acceptance(tenant(), id.value()).map(a -> new Acceptance(a.quoteId(), a.optionId(),
                a.optionName(), a.signerName(), a.signerEmail(), a.acceptedAt(), a.ip(), a.userAgent(),
                HexFormat.of().formatHex(a.snapshotSha256()), a.invoice()));
    }

    /** The question threads of one quote, oldest first. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> questions(QuoteId id) {
        TenantId tenant = tenant();
        CustomerQuote q = quotes.find(tenant, id).orElseThrow(() -> new NotFoundException("quote", id));
        return views.threads(tenant, q);
    }

    /** Unanswered questions of the tenant, oldest first (the inbox). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> openQuestions() {
        return openQuestions(200);
    }

    /** The oldest {@code limit} unanswered questions of the tenant, with their threads. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<QuestionThread> openQuestions(int limit) {
        TenantId tenant = tenant();
        return repository.openQuestions(tenant, Math.min(Math.max(1, limit), 200)).stream()
                .flatMap(r -> quotes.find(tenant, new QuoteId(r.quoteId())).stream()
                        .flatMap(q -> views.threads(tenant, q).stream().filter(t -> t.id().equals(r.id()))))
                .toList();
    }

    /** How many questions of the tenant wait for an answer (one count, for the home page). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public int openQuestionCount() {
        return repository.countOpenQuestions(tenant());
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public QuestionThread answer(UUID questionId, String text) {
        TenantId tenant = tenant();
        var question = repository.question(tenant, questionId)
                .orElseThrow(() -> new NotFoundException("question", questionId));
        String answer = requireText("text", text, 4000);
        UUID me = CurrentUser.require().userId().value();
        repository.insertAnswer(tenant, UUID.randomUUID(), questionId, me, answer);
        audit.record(tenant, "PORTAL_QUESTION_ANSWERED", "quote", question.quoteId(), Map.of("question", questionId.toString()));
        CustomerQuote q = quotes.find(tenant, new QuoteId(question.quoteId())).orElseThrow();
        mailAnswer(tenant, q, question, answer, me);
        return views.threads(tenant, q).stream().filter(t -> t.id().equals(questionId)).findFirst().orElseThrow();
    }

    /** Accepted quotes, newest first: what the delivery team provisions (from the snapshot the customer accepted). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<OrderSummary> orders(int offset, int limit) {
        TenantId tenant = tenant();
        return repository.acceptances(tenant, Math.max(0, offset), Math.min(Math.max(1, limit), ORDER_PAGE)).stream()
                .map(a -> views.order(a, quotes.find(tenant, new QuoteId(a.quoteId())).orElseThrow()))
                .toList();
    }

    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public Optional<OrderSummary> order(QuoteId id) {
        TenantId tenant = tenant();
        return repository.acceptance(tenant, id.value())
                .map(a -> views.order(a, quotes.find(tenant, id).orElseThrow()));
    }

    /** Every accepted quote of the tenant, newest first (read page by page, none left out). */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public List<OrderSummary> allOrders() {
        List<OrderSummary> all = new java.util.ArrayList<>();
        for (int offset = 0; ; offset += ORDER_PAGE) {
            List<OrderSummary> page = orders(offset, ORDER_PAGE);
            all.addAll(page);
            if (page.size() < ORDER_PAGE) {
                return all;
            }
        }
    }

    /** Every accepted quote of the tenant as CSV, newest first: instance and service lines. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional(readOnly = true)
    public String ordersCsv() {
        return OrderCsv.write(allOrders());
    }

    // ================================================================== customer accounts (optional)

    /** Invites a contact of one of the tenant's customers as a CUSTOMER user of that customer only. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public com.gpuquote.user.InvitationLink inviteCustomerContact(QuoteId quote, String email, String name) {
        CustomerQuote q = quotes.find(tenant(), quote).orElseThrow(() -> new NotFoundException("quote", quote));
        return users.inviteCustomerContact(q.customerId().value(), email, name);
    }

    /** A page of the quote versions sent to the signed-in CUSTOMER's company, newest first; nothing of other customers. */
    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public List<com.gpuquote.quote.QuoteSummary> myQuotes(int offset, int limit) {
        return quotes.sentToCustomer(tenant(), myCustomer(), offset, limit);
    }

    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public int countMyQuotes() {
        return quotes.countSentToCustomer(tenant(), myCustomer());
    }

    /** One quote sent to the signed-in CUSTOMER's company, as the portal shows it; any other answers 404. */
    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public PortalQuote myQuote(QuoteId id) {
        return views.portalQuote(tenant(), mine(id));
    }

    /** A quote sent to the signed-in CUSTOMER's company; anything else (other customer, tenant, unsent) is 404. */
    private CustomerQuote mine(QuoteId id) {
        return quotes.find(tenant(), id).filter(x -> x.customerId().equals(myCustomer()) && x.sentAt() != null)
                .orElseThrow(() -> new NotFoundException("quote", id));
    }

    private static com.gpuquote.customer.CustomerId myCustomer() {
        return CurrentUser.require().customerId().map(com.gpuquote.customer.CustomerId::new)
                .orElseThrow(() -> new org.springframework.security.access.AccessDeniedException("not a customer user"));
    }

    // ================================================================== customer (the token is the credential)

    /**
     * The quote as the customer sees it; the first view marks it VIEWED and tells the consultant. A signed-in user of
     * the reseller (checking the link they sent) is not the customer: their view marks and notifies nothing.
     */
    public PortalQuote open(String token) {
        return withLink(token, c -> {
            requireNotGone(c);
            if (isResellerStaff(c.tenant())) {
                return views.portalQuote(c.tenant(), c.quote());
            }
            repository.markFirstView(c.tenant(), c.link().id());
            if (status(c) == QuoteStatus.SENT && quotes.markViewedIfSent(c.tenant(), c.quote().id())) {
                notifyAuthor(c, "QUOTE_VIEWED", Map.of());
                audit.recordAs(c.tenant(), "customer", "QUOTE_VIEWED", "quote", c.quote().id(), Map.of());
            }
            return views.portalQuote(c.tenant(), reload(c));
        });
    }

    /** What a link stands for, as its page answers before rendering: 200, 410, 404 (or 429 when throttled). */
    public enum LinkState { ACTIVE, GONE, NOT_FOUND, THROTTLED, UNAVAILABLE }

    /**
     * The state of a link without acting on it (no VIEWED mark, no notification): resolved like every other token
     * lookup (per-IP throttle, constant-time compare), so probing the page costs the same as probing the API.
     */
    public LinkState linkState(String token) {
        try {
            return withLink(token, c -> {
                requireNotGone(c);
                return LinkState.ACTIVE;
            });
        } catch (PortalGoneException e) {
            return LinkState.GONE;
        } catch (NotFoundException e) {
            return LinkState.NOT_FOUND;
        } catch (PortalThrottledException e) {
            return LinkState.THROTTLED;
        } catch (PortalUnavailableException e) {
            return LinkState.UNAVAILABLE;
        }
    }

    /** Accepts one option, once and for all; refusals answer 409 (state), 410 (expired) or 400 (input). */
    public PortalQuote accept(String token, AcceptRequest request) {
        return withLink(token, c -> {
            CustomerQuote q = c.quote();
            refuseUnlessOpen(c);
            AcceptRequest r = request == null ? new AcceptRequest(null, null, null, null, null) : request;
            Validation v = new Validation();
            var option = r.optionId() == null ? Optional.<com.gpuquote.quote.OptionView>empty() : q.option(new com.gpuquote.quote.QuoteOptionId(r.optionId()));
            v.check(option.isPresent(), "optionId", "portal.optionId", "Choose one of the quote's options");
            v.check(r.signerName() != null && !r.signerName().isBlank() && r.signerName().strip().length() <= 200,
                    "signerName", "required", "Type your full name");
            v.check(r.signerEmail() != null && com.gpuquote.shared.InputRules.isEmail(r.signerEmail().strip())
                    && r.signerEmail().length() <= 200, "signerEmail", "email", "Not a valid email address");
            v.check(Boolean.TRUE.equals(r.agree()), "agree", "portal.agree", "You must agree to the terms to accept");
            InvoiceDetails invoice = InvoiceDetails.of(r.invoice(), v); // issue 16: optional, all problems named
            v.throwIfInvalid();
            PortalQuote.Snapshot snapshot = views.snapshot(c.tenant(), q);
            String snapshotJson = views.json(snapshot);
            byte[] sha = Sha256.of(snapshotJson);
            AcceptanceRow row = new AcceptanceRow(UUID.randomUUID(), q.id().value(), r.optionId(),
                    option.get().name().name(), r.signerName().strip(), r.signerEmail().strip(), clock.instant(),
                    ClientIp.current(), truncate(PortalRequests.userAgent(), 1000), snapshotJson, sha, invoice);
            try {
                repository.insertAcceptance(c.tenant(), row, c.link().id());
                quotes.accept(c.tenant(), q.id(), q.rowVersion());
            } catch (DuplicateKeyException e) {
                throw conflict("portal.error.alreadyAccepted", "This quote has already been accepted");
            } catch (IllegalQuoteTransitionException | org.springframework.dao.OptimisticLockingFailureException e) {
                throw conflict("portal.error.changed", "This quote changed in the meantime; reload the page");
            }
            projects.markWonByCustomer(c.tenant(), q.projectId(), row.signerEmail());
            mailReceipt(c, snapshot, row, sha);
            notifyAuthor(c, "QUOTE_ACCEPTED", Map.of("option", row.optionName()));
            Map<String, Object> details = new java.util.LinkedHashMap<>(Map.of("option", row.optionName(),
                    "signer", row.signerName(), "snapshotSha256", HexFormat.of().formatHex(sha)));
            if (invoice != null) {
                details.put("invoice", invoice.type().name());
            }
            audit.recordAs(c.tenant(), row.signerEmail(), "QUOTE_ACCEPTED", "quote", q.id(), details);
            return views.portalQuote(c.tenant(), reload(c));
        });
    }

    /** Rejects the quote with a reason. */
    public PortalQuote reject(String token, String reason) {
        return withLink(token, c -> {
            refuseUnlessOpen(c);
            String why = requireText("reason", reason, 2000);
            try {
                repository.insertRejection(c.tenant(), UUID.randomUUID(), c.quote().id().value(), c.link().id(), why,
                        ClientIp.current(), truncate(PortalRequests.userAgent(), 1000));
                quotes.reject(c.tenant(), c.quote().id(), c.quote().rowVersion());
            } catch (DuplicateKeyException | IllegalQuoteTransitionException
                     | org.springframework.dao.OptimisticLockingFailureException e) {
                throw conflict("portal.error.changed", "This quote changed in the meantime; reload the page");
            }
            notifyAuthor(c, "QUOTE_REJECTED", Map.of("reason", truncate(why, 200)));
            audit.recordAs(c.tenant(), "customer", "QUOTE_REJECTED", "quote", c.quote().id(), Map.of("reason", why));
            return views.portalQuote(c.tenant(), reload(c));
        });
    }

    /** Asks the consultant a question (answered in the app; the thread shows on the portal page). */
    public PortalQuote ask(String token, String text) {
        return withLink(token, c -> {
            requireNotGone(c);
            String question = requireText("text", text, 4000);
            repository.insertQuestion(c.tenant(), UUID.randomUUID(), c.quote().id().value(), c.link().id(), "", question);
            notifyAuthor(c, "QUOTE_QUESTION", Map.of("text", truncate(question, 200)));
            return views.portalQuote(c.tenant(), c.quote());
        });
    }

    public record Pdf(String filename, byte[] bytes) {
    }

    /** The quote PDF in the customer's language. */
    public Pdf pdf(String token) {
        return withLink(token, c -> {
            requireNotGone(c);
            // the QR code on the PDF opens this very link; the token is drawn only as the QR code (issue 16)
            return customerPdf(c.tenant(), c.quote(), publicUrl + "/portal/q/" + token);
        });
    }

    /**
     * The same customer PDF for a signed-in CUSTOMER, for any version sent to their company (its history included);
     * a quote of another customer or tenant, or one never sent, answers 404.
     */
    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public Pdf myPdf(QuoteId id) {
        return customerPdf(tenant(), mine(id), null);
    }

    /**
     * The customer-safe PDF (no cost or margin) in the customer's language: the same document the portal page shows,
     * with the portal's acceptance clause before the seller's terms.
     */
    private Pdf customerPdf(TenantId tenant, CustomerQuote q, String portalUrl) {
        PortalQuote.Snapshot s = views.snapshot(tenant, q);
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        byte[] logo = branding.logoOf(tenant).map(com.gpuquote.tenancy.TenantLogo::bytes).orElse(null);
        var document = views.document(tenant, q, logo, s.terms());
        byte[] bytes = pdf.render(document.withTermsText(I18n.get(locale, "portal.terms.text")
                + (s.terms() == null ? "" : "\n" + s.terms())), portalUrl);
        return new Pdf(q.number() + "-v" + q.version() + ".pdf", bytes);
    }

    /** The reseller's logo for the portal page (ADR 0008), from the link's tenant only; empty when it has none. */
    public Optional<com.gpuquote.tenancy.TenantLogo> logo(String token) {
        return withLink(token, c -> branding.logoOf(c.tenant()));
    }

    // ================================================================== scheduled work (per tenant)

    /**
     * Expires the tenant's quotes past validity and tells each consultant once, 3 days before, that a quote is
     * about to expire. Runs in the tenant's scope (the job iterates tenants). Returns {expired, reminded}.
     */
    @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
    public int[] expireAndRemind(TenantId tenant, LocalDate today) {
        int expired = 0;
        int reminded = 0;
        // only the due quotes, locked: a second instance's run at the same time takes the others, never the same
        for (var s : quotes.claimOpenAtCustomerDue(tenant, today.plusDays(3))) {
            if (today.isAfter(s.validUntil())) {
                if (quotes.expireIfDue(tenant, s.id())) {
                    expired++;
                }
            } else if (!s.validUntil().isAfter(today.plusDays(3)) && repository.recordExpiryNotice(tenant, s.id().value()) == 1) {
                notifications.notify(tenant, s.authorId(), "QUOTE_EXPIRING",
                        Map.of("number", s.number(), "date", s.validUntil().toString(), "customer", s.customerName()),
                        "quotes/" + s.id());
                reminded++;
            }
        }
        return new int[] {expired, reminded};
    }

    // ================================================================== customer mails (stored in the outbox: no link)

    private static final java.time.format.DateTimeFormatter MAIL_TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(BusinessCalendar.ZONE);

    /**
     * The signer's receipt of an acceptance, in the customer's language: what was accepted, by whom, when (China
     * time), for how much, the snapshot's SHA-256 and the consultant. It goes through the ordinary outbox, so it
     * carries no portal link or token (the customer keeps the link from the original mail).
     */
    private void mailReceipt(Ctx c, PortalQuote.Snapshot snapshot, AcceptanceRow row, byte[] sha) {
        var locale = I18n.fromTag(names.customerLanguage(c.tenant(), c.quote().customerId()));
        PortalQuote.Option option = snapshot.options().stream().filter(o -> o.id().equals(row.optionId()))
                .findFirst().orElseThrow();
        String body = I18n.get(locale, "portal.receipt.body", row.signerName(), snapshot.tenantName(),
                snapshot.number(), String.valueOf(snapshot.version()), row.optionName(), row.signerName(),
                MAIL_TIME.format(row.acceptedAt()), money(option.totals().grandTotal(), snapshot.currency()),
                hex(sha), contact(views.consultant(c.tenant(), c.quote())));
        mail.enqueue(c.tenant(), row.signerEmail(), I18n.get(locale, "portal.receipt.subject", snapshot.tenantName(),
                snapshot.number(), String.valueOf(snapshot.version())), body);
    }

    /**
     * Tells the customer who asked (the question's recorded email, else every contact of the customer with an
     * email) that a consultant answered, in the customer's language; no link, so it can be stored in the outbox.
     */
    private void mailAnswer(TenantId tenant, CustomerQuote q, PortalRepository.QuestionRow question, String answer,
                            UUID consultantId) {
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        String asker = question.askedBy() == null ? "" : question.askedBy().strip();
        List<String> recipients = com.gpuquote.shared.InputRules.isEmail(asker) ? List.of(asker)
                : names.customerContactEmails(tenant, q.customerId());
        String tenantName = names.tenantName(tenant);
        PortalQuote.Consultant consultant = names.user(tenant, new UserId(consultantId))
                .map(p -> new PortalQuote.Consultant(p.name(), p.email())).orElse(views.consultant(tenant, q));
        String subject = I18n.get(locale, "portal.answerMail.subject", tenantName, q.number());
        String body = I18n.get(locale, "portal.answerMail.body", tenantName, q.number(), question.text(), answer,
                contact(consultant));
        for (String to : recipients) {
            mail.enqueue(tenant, to, subject, body);
        }
    }

    private static String contact(PortalQuote.Consultant c) {
        return c.email() == null || c.email().isBlank() ? c.name() : c.name() + " <" + c.email() + ">";
    }

    private static String money(java.math.BigDecimal v, String currency) {
        return com.gpuquote.shared.DisplayFormat.money(v, currency);
    }

    // ================================================================== helpers

    record Ctx(TenantId tenant, LinkRow link, CustomerQuote quote) {
    }

    private interface LinkWork<T> {
        T apply(Ctx ctx);
    }

    private <T> T withLink(String token, LinkWork<T> work) {
        String ip = ClientIp.current();
        if (throttle.isBlocked(ip)) {
            throw new PortalThrottledException(PortalThrottle.WINDOW.toSeconds());
        }
        throttle.recordLookup(ip);
        byte[] hash = SecretTokens.sha256(token == null || token.length() > MAX_TOKEN_LENGTH ? "" : token);
        Optional<PortalRepository.Owner> owner = token == null || token.isBlank() || token.length() > MAX_TOKEN_LENGTH
                ? Optional.empty()
                : TenantContext.runAs(TenantContext.Scope.NONE, () -> tx.execute(s -> repository.ownerOf(hash)));
        if (owner.isEmpty()) {
            MessageDigest.isEqual(hash, NO_HASH); // same work as a genuine miss below
            throttle.recordFailure(ip);
            throw linkNotFound();
        }
        TenantId tenant = owner.get().tenantId();
        return TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> tx.execute(s -> {
            LinkRow link = repository.findLink(tenant, owner.get().linkId()).orElse(null);
            boolean genuine = MessageDigest.isEqual(link == null ? NO_HASH : link.tokenHash(), hash);
            if (link == null || !genuine || link.revokedAt() != null) {
                throttle.recordFailure(ip);
                throw linkNotFound();
            }
            if (names.tenantSuspended(tenant)) {
                throw new PortalUnavailableException(); // a suspended reseller's links show, send and accept nothing
            }
            CustomerQuote quote = quotes.find(tenant, new QuoteId(link.quoteId())).orElseThrow(PortalService::linkNotFound);
            return work.apply(new Ctx(tenant, link, quote));
        }));
    }

    /** The signed-in principal is a user of the link's tenant other than a customer contact. */
    private static boolean isResellerStaff(TenantId tenant) {
        return CurrentUser.get().filter(u -> u.tenantId().filter(tenant::equals).isPresent())
                .filter(u -> u.customerId().isEmpty()).isPresent();
    }

    private CustomerQuote reload(Ctx c) {
        return quotes.find(c.tenant(), c.quote().id()).orElseThrow();
    }

    /** The status the customer meets: the quote's effective status, and EXPIRED once the link itself ran out. */
    private QuoteStatus status(Ctx c) {
        QuoteStatus s = c.quote().status();
        if ((s == QuoteStatus.SENT || s == QuoteStatus.VIEWED) && !c.link().expiresAt().isAfter(clock.instant())) {
            return QuoteStatus.EXPIRED;
        }
        return s;
    }

    private void requireNotGone(Ctx c) {
        PortalGoneException.Reason reason = switch (status(c)) {
            case EXPIRED -> PortalGoneException.Reason.EXPIRED;
            case SUPERSEDED -> PortalGoneException.Reason.SUPERSEDED;
            case REJECTED -> PortalGoneException.Reason.REJECTED;
            case SENT, VIEWED, ACCEPTED -> null;
            default -> throw linkNotFound();
        };
        if (reason != null) {
            throw new PortalGoneException(reason, views.consultant(c.tenant(), c.quote()), names.tenantName(c.tenant()),
                    names.customerLanguage(c.tenant(), c.quote().customerId()));
        }
    }

    /** Accept/reject need an open quote: expired answers 410 (gone), the other closed states 409. */
    private void refuseUnlessOpen(Ctx c) {
        switch (status(c)) {
            case SENT, VIEWED -> { }
            case ACCEPTED -> throw conflict("portal.error.alreadyAccepted", "This quote has already been accepted");
            case REJECTED -> throw conflict("portal.error.rejected", "This quote was rejected and cannot be changed");
            case SUPERSEDED -> throw conflict("portal.error.superseded",
                    "This quote was replaced by a newer version; ask your consultant for the new link");
            case EXPIRED -> requireNotGone(c);
            default -> throw linkNotFound();
        }
    }

    private void notifyAuthor(Ctx c, String kind, Map<String, String> extra) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("customer", c.quote().customerName());
        params.put("number", c.quote().number());
        params.putAll(extra);
        notifications.notify(c.tenant(), c.quote().authorId(), kind, params, "quotes/" + c.quote().id());
    }

    private static ConflictException conflict(String key, String message) {
        return new ConflictException(key, message);
    }

    private static NotFoundException linkNotFound() {
        return new NotFoundException("portal link", "(token)");
    }

    private static String requireText(String field, String text, int max) {
        Validation v = new Validation();
        v.check(text != null && !text.isBlank() && text.strip().length() <= max, field, "required",
                "Required (at most " + max + " characters)");
        v.throwIfInvalid();
        return text.strip();
    }

    private static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    private static TenantId tenant() {
        return CurrentUser.require().requireTenant();
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
