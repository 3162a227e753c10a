package com.gpuquote.portal;

import com.gpuquote.customer.CustomerId;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.security.CurrentUser;
import com.gpuquote.shared.Roles;
import com.gpuquote.shared.NotFoundException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.util.List;

import static com.gpuquote.portal.PortalSupport.tenant;

/**
 * The signed-in CUSTOMER user's own quotes (optional customer accounts, ADR 1408): the versions sent to their
 * company, one of them as the portal shows it, and its PDF. Nothing of another customer or tenant, nothing unsent.
 */
@Service
public class MyPortalQuotes {

    private final QuotePortalAccess quotes;
    private final PortalViews views;
    private final CustomerPdf pdf;

    MyPortalQuotes(QuotePortalAccess quotes, PortalViews views, CustomerPdf pdf) {
        this.quotes = quotes;
        this.views = views;
        this.pdf = pdf;
    }

    /** A page of the quote versions sent to the signed-in CUSTOMER's company, newest first; nothing of other customers. */
    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public List<QuoteSummary> myQuotes(int offset, int limit) {
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

    /**
     * The same customer PDF as the portal link's, for any version sent to their company (its history included);
     * a quote of another customer or tenant, or one never sent, answers 404.
     */
    @PreAuthorize(Roles.IS_CUSTOMER)
    @Transactional(readOnly = true)
    public PortalPdf myPdf(QuoteId id) {
        return pdf.render(tenant(), mine(id), null);
    }

    /** A quote sent to the signed-in CUSTOMER's company; anything else (other customer, tenant, unsent) is 404. */
    private CustomerQuote mine(QuoteId id) {
        return quotes.find(tenant(), id).filter(x -> x.customerId().equals(myCustomer()) && x.sentAt() != null)
                .orElseThrow(() -> new NotFoundException("quote", id));
    }

    private static CustomerId myCustomer() {
        return CurrentUser.require().customerId().map(CustomerId::new)
                .orElseThrow(() -> new AccessDeniedException("not a customer user"));
    }
}
