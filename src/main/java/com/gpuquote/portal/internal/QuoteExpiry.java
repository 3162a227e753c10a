package com.gpuquote.portal.internal;

import com.gpuquote.notification.NotificationService;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.time.LocalDate;
import java.util.Map;

/**
 * The work of {@link ExpiryJob} for one tenant (ADR 1408; it was {@code PortalService.expireAndRemind}): quotes past
 * validity become EXPIRED, and each consultant hears once, 3 days before, that a quote is about to expire. Not a
 * service: no security of its own, it runs in the job's transaction in the tenant's scope.
 */
@Component
public class QuoteExpiry {

    private final QuotePortalAccess quotes;
    private final PortalRepository repository;
    private final NotificationService notifications;

    QuoteExpiry(QuotePortalAccess quotes, PortalRepository repository, NotificationService notifications) {
        this.quotes = quotes;
        this.repository = repository;
        this.notifications = notifications;
    }

    /**
     * Expires the tenant's quotes past validity and tells each consultant once, 3 days before, that a quote is
     * about to expire. Runs in the tenant's scope (the job iterates tenants). Returns {expired, reminded}.
     */
    @Transactional(propagation = Propagation.MANDATORY)
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
}
