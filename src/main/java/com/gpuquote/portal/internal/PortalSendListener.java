package com.gpuquote.portal.internal;

import com.gpuquote.portal.PortalLinks;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuoteSendListener;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** Sending a quote issues the customer's portal link, in the same transaction. */
@Component
class PortalSendListener implements QuoteSendListener {

    private final PortalLinks links;

    PortalSendListener(PortalLinks links) {
        this.links = links;
    }

    @Override
    public Optional<String> quoteSent(QuoteId id) {
        return issue(id).map(Issued::portalUrl);
    }

    @Override
    public Optional<Issued> issue(QuoteId id) {
        var link = links.issueLink(id);
        return Optional.of(new Issued(link.portalUrl(), link.mailedTo()));
    }
}
