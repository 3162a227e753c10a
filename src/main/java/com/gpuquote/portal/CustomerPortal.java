package com.gpuquote.portal;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.customer.ProjectWins;
import com.gpuquote.notification.NotificationService;
import com.gpuquote.portal.PortalTokens.Ctx;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.portal.internal.PortalRepository.AcceptanceRow;
import com.gpuquote.quote.IllegalQuoteTransitionException;
import com.gpuquote.quote.OptionView;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.InputRules;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.Sha256;
import com.gpuquote.shared.Validation;
import com.gpuquote.shared.web.ClientIp;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantLogo;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static com.gpuquote.portal.PortalSupport.conflict;
import static com.gpuquote.portal.PortalSupport.hex;
import static com.gpuquote.portal.PortalSupport.requireText;
import static com.gpuquote.portal.PortalSupport.truncate;

/**
 * The customer's side of the portal by token (issue 7, ADR 0701, ADR 1408): open, accept, reject, ask, the PDF and the
 * reseller's logo. The customer has no account: the token in the link is the credential ({@link PortalTokens}
 * resolves it, throttled, in constant time, and runs each call in the link's tenant, in one transaction). No
 * {@code @PreAuthorize}: anyone holding the link may act on it.
 */
@Service
public class CustomerPortal {

    /** What a link stands for, as its page answers before rendering: 200, 410, 404 (or 429 when throttled). */
    public enum LinkState { ACTIVE, GONE, NOT_FOUND, THROTTLED, UNAVAILABLE }

    /**
     * A customer's reason or question goes into the consultant's notification (the bell and its mail subject) cut to
     * this many characters: enough to recognise it; the whole text stays on the quote's portal page.
     */
    static final int NOTIFICATION_EXCERPT = 200;

    private final PortalTokens tokens;
    private final PortalRepository repository;
    private final QuotePortalAccess quotes;
    private final ProjectWins projects;
    private final NotificationService notifications;
    private final AuditLog audit;
    private final PortalViews views;
    private final PortalMail mail;
    private final CustomerPdf pdf;
    private final TenantBrandingService branding;
    private final String publicUrl;
    private final Clock clock;

    CustomerPortal(PortalTokens tokens, PortalRepository repository, QuotePortalAccess quotes, ProjectWins projects,
                   NotificationService notifications, AuditLog audit, PortalViews views, PortalMail mail,
                   CustomerPdf pdf, TenantBrandingService branding, @Value("${gpuquote.public-url}") String publicUrl,
                   Clock clock) {
        this.tokens = tokens;
        this.repository = repository;
        this.quotes = quotes;
        this.projects = projects;
        this.notifications = notifications;
        this.audit = audit;
        this.views = views;
        this.mail = mail;
        this.pdf = pdf;
        this.branding = branding;
        this.publicUrl = publicUrl.replaceAll("/+$", "");
        this.clock = clock;
    }

    /**
     * The quote as the customer sees it; the first view marks it VIEWED and tells the consultant. A signed-in user of
     * the reseller (checking the link they sent) is not the customer: their view marks and notifies nothing.
     */
    public PortalQuote open(String token) {
        return tokens.withLink(token, c -> {
            tokens.requireNotGone(c);
            if (isResellerStaff(c.tenant())) {
                return views.portalQuote(c.tenant(), c.quote());
            }
            repository.markFirstView(c.tenant(), c.link().id());
            if (tokens.status(c) == QuoteStatus.SENT && quotes.markViewedIfSent(c.tenant(), c.quote().id())) {
                notifyAuthor(c, "QUOTE_VIEWED", Map.of());
                audit.recordAs(c.tenant(), "customer", "QUOTE_VIEWED", "quote", c.quote().id(), Map.of());
            }
            return views.portalQuote(c.tenant(), tokens.reload(c));
        });
    }

    /**
     * The state of a link without acting on it (no VIEWED mark, no notification): resolved like every other token
     * lookup (per-IP throttle, constant-time compare), so probing the page costs the same as probing the API.
     */
    public LinkState linkState(String token) {
        try {
            return tokens.withLink(token, c -> {
                tokens.requireNotGone(c);
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
    public PortalQuote accept(String token, @Nullable AcceptRequest request) {
        return tokens.withLink(token, c -> {
            CustomerQuote q = c.quote();
            tokens.refuseUnlessOpen(c);
            AcceptRequest r = request == null ? new AcceptRequest(null, null, null, null, null) : request;
            Validation v = new Validation();
            var option = r.optionId() == null ? Optional.<OptionView>empty() : q.option(new com.gpuquote.quote.QuoteOptionId(r.optionId()));
            v.check(option.isPresent(), "optionId", "portal.optionId", "Choose one of the quote's options");
            v.check(r.signerName() != null && !r.signerName().isBlank() && r.signerName().strip().length() <= 200,
                    "signerName", "required", "Type your full name");
            v.check(r.signerEmail() != null && InputRules.isEmail(r.signerEmail().strip())
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
                repository.insertOrder(c.tenant(), row.quoteId(), snapshot, snapshot.options().stream()
                        .filter(o -> o.id().equals(row.optionId())).findFirst().orElseThrow());
                quotes.accept(c.tenant(), q.id(), q.rowVersion(), row.optionName());
            } catch (DuplicateKeyException e) {
                throw conflict("portal.error.alreadyAccepted", "This quote has already been accepted");
            } catch (IllegalQuoteTransitionException | OptimisticLockingFailureException e) {
                throw conflict("portal.error.changed", "This quote changed in the meantime; reload the page");
            }
            projects.markWonByCustomer(c.tenant(), q.projectId(), row.signerEmail());
            mail.receipt(c.tenant(), q, snapshot, row, sha);
            notifyAuthor(c, "QUOTE_ACCEPTED", Map.of("option", row.optionName()));
            Map<String, Object> details = new LinkedHashMap<>(Map.of("option", row.optionName(),
                    "signer", row.signerName(), "snapshotSha256", hex(sha)));
            if (invoice != null) {
                details.put("invoice", invoice.type().name());
            }
            audit.recordAs(c.tenant(), row.signerEmail(), "QUOTE_ACCEPTED", "quote", q.id(), details);
            return views.portalQuote(c.tenant(), tokens.reload(c));
        });
    }

    /** Rejects the quote with a reason. */
    public PortalQuote reject(String token, @Nullable String reason) {
        return tokens.withLink(token, c -> {
            tokens.refuseUnlessOpen(c);
            String why = requireText("reason", reason, 2000);
            try {
                repository.insertRejection(c.tenant(), UUID.randomUUID(), c.quote().id().value(), c.link().id(), why,
                        ClientIp.current(), truncate(PortalRequests.userAgent(), 1000));
                quotes.reject(c.tenant(), c.quote().id(), c.quote().rowVersion());
            } catch (DuplicateKeyException | IllegalQuoteTransitionException | OptimisticLockingFailureException e) {
                throw conflict("portal.error.changed", "This quote changed in the meantime; reload the page");
            }
            notifyAuthor(c, "QUOTE_REJECTED", Map.of("reason", truncate(why, NOTIFICATION_EXCERPT)));
            audit.recordAs(c.tenant(), "customer", "QUOTE_REJECTED", "quote", c.quote().id(), Map.of("reason", why));
            return views.portalQuote(c.tenant(), tokens.reload(c));
        });
    }

    /** Asks the consultant a question (answered in the app; the thread shows on the portal page). */
    public PortalQuote ask(String token, @Nullable String text) {
        return tokens.withLink(token, c -> {
            tokens.requireNotGone(c);
            String question = requireText("text", text, 4000);
            repository.insertQuestion(c.tenant(), UUID.randomUUID(), c.quote().id().value(), c.link().id(), "", question);
            notifyAuthor(c, "QUOTE_QUESTION", Map.of("text", truncate(question, NOTIFICATION_EXCERPT)));
            return views.portalQuote(c.tenant(), c.quote());
        });
    }

    /** The quote PDF in the customer's language. */
    public PortalPdf pdf(String token) {
        return tokens.withLink(token, c -> {
            tokens.requireNotGone(c);
            // the QR code on the PDF opens this very link; the token is drawn only as the QR code (issue 16)
            return pdf.render(c.tenant(), c.quote(), publicUrl + "/portal/q/" + token);
        });
    }

    /** The reseller's logo for the portal page (ADR 0008), from the link's tenant only; empty when it has none. */
    public Optional<TenantLogo> logo(String token) {
        return tokens.withLink(token, c -> branding.logoOf(c.tenant()));
    }

    /** The signed-in principal is a user of the link's tenant other than a customer contact. */
    private static boolean isResellerStaff(TenantId tenant) {
        return CurrentUser.get().filter(u -> u.tenantId().filter(tenant::equals).isPresent())
                .filter(u -> u.customerId().isEmpty()).isPresent();
    }

    private void notifyAuthor(Ctx c, String kind, Map<String, String> extra) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("customer", c.quote().customerName());
        params.put("number", c.quote().number());
        params.putAll(extra);
        notifications.notify(c.tenant(), c.quote().authorId(), kind, params, "quotes/" + c.quote().id());
    }
}
