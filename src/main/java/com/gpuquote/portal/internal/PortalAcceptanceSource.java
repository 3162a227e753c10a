package com.gpuquote.portal.internal;

import com.gpuquote.portal.PortalOrders;
import com.gpuquote.quote.QuoteAcceptanceSource;
import com.gpuquote.quote.QuoteId;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** The quote editor reads the customer's recorded acceptance (and the invoice details given with it) from the portal. */
@Component
class PortalAcceptanceSource implements QuoteAcceptanceSource {

    private final PortalOrders orders;
    private final PortalRepository repository;

    PortalAcceptanceSource(PortalOrders orders, PortalRepository repository) {
        this.orders = orders;
        this.repository = repository;
    }

    @Override
    public Optional<AcceptedOption> acceptance(com.gpuquote.tenancy.TenantId tenant, QuoteId id) {
        return repository.acceptance(tenant, id.value()).map(a -> new AcceptedOption(a.optionName(), a.signerName(),
                a.signerEmail(), a.acceptedAt()));
    }

    @Override
    public Optional<AcceptedOption> acceptance(QuoteId id) {
        return orders.acceptance(id).map(a -> new AcceptedOption(a.optionName(), a.signerName(), a.signerEmail(),
                a.acceptedAt(), a.invoice() == null ? null : new Invoice(a.invoice().type().name(), a.invoice().title(),
                        a.invoice().taxId(), a.invoice().address(), a.invoice().phone(), a.invoice().bank(),
                        a.invoice().account())));
    }
}
