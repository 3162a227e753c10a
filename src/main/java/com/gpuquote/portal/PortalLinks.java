package com.gpuquote.portal;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.portal.internal.PortalRepository;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.QuoteStatus;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.security.SecretTokens;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.UserService;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.gpuquote.portal.PortalSupport.tenant;

/**
 * The consultant's side of the portal links (issue 7, ADR 1408): issue, reissue, revoke and list a quote's links, and
 * invite a customer contact as a CUSTOMER user. The returned URL of an issued link is the only time the raw token is
 * shown; only its SHA-256 is stored.
 */
@Service
public class PortalLinks {

    private final PortalRepository repository;
    private final QuotePortalAccess quotes;
    private final PortalMail mail;
    private final AuditLog audit;
    private final UserService users;
    private final String publicUrl;

    PortalLinks(PortalRepository repository, QuotePortalAccess quotes, PortalMail mail, AuditLog audit,
                UserService users, @Value("${gpuquote.public-url}") String publicUrl) {
        this.repository = repository;
        this.quotes = quotes;
        this.mail = mail;
        this.audit = audit;
        this.users = users;
        this.publicUrl = publicUrl.replaceAll("/+$", "");
    }

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
        var mailedTo = mail.link(tenant, q, url);
        audit.record(tenant, "PORTAL_LINK_ISSUED", "quote", id, Map.of("link", linkId.toString()));
        return new IssuedLink(linkId, url, expires, mailedTo.orElse(null));
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

    /** Invites a contact of one of the tenant's customers as a CUSTOMER user of that customer only. */
    @PreAuthorize(Roles.IS_TENANT_STAFF)
    @Transactional
    public InvitationLink inviteCustomerContact(QuoteId quote, String email, String name) {
        CustomerQuote q = quotes.find(tenant(), quote).orElseThrow(() -> new NotFoundException("quote", quote));
        return users.inviteCustomerContact(q.customerId(), email, name);
    }
}
