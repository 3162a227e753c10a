package com.gpuquote.portal;

import com.gpuquote.quote.QuotePortalAccess.CustomerQuote;
import com.gpuquote.quote.pdf.QuotePdfRenderer;
import com.gpuquote.shared.I18n;
import com.gpuquote.tenancy.TenantBrandingService;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantLogo;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * The customer-safe PDF (no cost or margin) in the customer's language: the same document the portal page shows,
 * with the portal's acceptance clause before the seller's terms (ADR 1601). Shared by the token flow
 * ({@link CustomerPortal#pdf}) and the signed-in customer ({@link MyPortalQuotes#myPdf}); runs inside their
 * transaction.
 */
@Component
class CustomerPdf {

    private final PortalViews views;
    private final PortalNames names;
    private final QuotePdfRenderer pdf;
    private final TenantBrandingService branding;

    CustomerPdf(PortalViews views, PortalNames names, QuotePdfRenderer pdf, TenantBrandingService branding) {
        this.views = views;
        this.names = names;
        this.pdf = pdf;
        this.branding = branding;
    }

    /** {@code portalUrl}: the link the QR code opens, null for none. */
    PortalPdf render(TenantId tenant, CustomerQuote q, @Nullable String portalUrl) {
        PortalQuote.Snapshot s = views.snapshot(tenant, q);
        var locale = I18n.fromTag(names.customerLanguage(tenant, q.customerId()));
        byte[] logo = branding.logoOf(tenant).map(TenantLogo::bytes).orElse(null);
        var document = views.document(tenant, q, logo, s.terms());
        byte[] bytes = pdf.render(document.withTermsText(I18n.get(locale, "portal.terms.text")
                + (s.terms() == null ? "" : "\n" + s.terms())), portalUrl);
        return new PortalPdf(q.number() + "-v" + q.version() + ".pdf", bytes);
    }
}
