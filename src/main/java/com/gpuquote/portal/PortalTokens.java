package com.gpuquote.portal;

import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.portal.internal.PortalRepository.LinkRow;
import com.gpuquote.portal.internal.PortalThrottle;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.SecretTokens;
import com.gpuquote.shared.web.ClientIp;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.security.MessageDigest;
import java.time.Clock;
import java.util.Optional;

import static com.gpuquote.portal.PortalSupport.conflict;
import static com.gpuquote.portal.PortalSupport.linkNotFound;

/**
 * Resolves a customer's token (ADR 0701): the 256-bit token in the link is the credential. Its SHA-256 is looked up
 * with the narrow {@code gq_portal_lookup}, compared in constant time, and the work runs in that link's tenant only,
 * in one transaction. The raw token is never stored, logged or put in an exception message. Also the status the
 * customer meets and the refusals that follow from it. Package-private: {@link CustomerPortal} is its only user.
 */
@Component
class PortalTokens {

    private static final byte[] NO_HASH = new byte[32];
    private static final int MAX_TOKEN_LENGTH = 100;

    /** A verified link, its tenant and its quote. */
    record Ctx(TenantId tenant, LinkRow link, CustomerQuote quote) {
    }

    interface LinkWork<T> {
        T apply(Ctx ctx);
    }

    private final PortalRepository repository;
    private final QuotePortalAccess quotes;
    private final PortalThrottle throttle;
    private final PortalNames names;
    private final PortalViews views;
    private final TransactionTemplate tx;
    private final Clock clock;

    PortalTokens(PortalRepository repository, QuotePortalAccess quotes, PortalThrottle throttle, PortalNames names,
                 PortalViews views, PlatformTransactionManager txm, Clock clock) {
        this.repository = repository;
        this.quotes = quotes;
        this.throttle = throttle;
        this.names = names;
        this.views = views;
        this.tx = new TransactionTemplate(txm);
        this.clock = clock;
    }

    <T> T withLink(@Nullable String token, LinkWork<T> work) {
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
            CustomerQuote quote = quotes.find(tenant, new QuoteId(link.quoteId())).orElseThrow(PortalSupport::linkNotFound);
            return work.apply(new Ctx(tenant, link, quote));
        }));
    }

    CustomerQuote reload(Ctx c) {
        return quotes.find(c.tenant(), c.quote().id()).orElseThrow();
    }

    /** The status the customer meets: the quote's effective status, and EXPIRED once the link itself ran out. */
    QuoteStatus status(Ctx c) {
        QuoteStatus s = c.quote().status();
        if ((s == QuoteStatus.SENT || s == QuoteStatus.VIEWED) && !c.link().expiresAt().isAfter(clock.instant())) {
            return QuoteStatus.EXPIRED;
        }
        return s;
    }

    void requireNotGone(Ctx c) {
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
    void refuseUnlessOpen(Ctx c) {
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
}
