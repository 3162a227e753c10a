package com.gpuquote.portal.internal;

import com.gpuquote.portal.PortalService;
import com.gpuquote.quote.QuoteAcceptanceSource;
import com.gpuquote.quote.QuoteId;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** The quote editor reads the customer's recorded acceptance (and the invoice details given with it) from the portal. */
@Component
class PortalAcceptanceSource implements QuoteAcceptanceSource {

    private final PortalService portal;

    PortalAcceptanceSource(PortalService portal) {
        this.portal = portal;
    }

    @Override
    public Optional<AcceptedOption> acceptance(QuoteId id) {
        return portal.acceptance(id).map(a -> new AcceptedOption(a.optionName(), a.signerName(), a.signerEmail(),
                a.acceptedAt(), a.invoice() == null ? null : new Invoice(a.invoice().type().name(), a.invoice().title(),
                        a.invoice().taxId(), a.invoice().address(), a.invoice().phone(), a.invoice().bank(),
                        a.invoice().account())));
    }
}
