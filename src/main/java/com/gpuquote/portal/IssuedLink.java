package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import java.time.Instant;
import java.util.UUID;

/** The one moment the raw portal token exists outside the customer's mailbox: shown to the consultant once. */
public record IssuedLink(UUID linkId, String portalUrl, Instant expiresAt, @Nullable String mailedTo) {

    public IssuedLink(UUID linkId, String portalUrl, Instant expiresAt) {
        this(linkId, portalUrl, expiresAt, null);
    }

    @Override
    public String toString() {
        return "IssuedLink[" + linkId + "]"; // never the URL: it carries the token
    }
}
