package com.gpuquote.security;

import com.gpuquote.security.internal.TokenAuthenticationCache;
import com.gpuquote.tenancy.TenantService;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Tells this instance's bearer-token cache that credentials changed (roles, enabled, password, tenant status), so the
 * next request of any token is checked against the database again. Other instances learn it from the database
 * notification the same change fires (V72); this call only makes it synchronous here (ADR 0009).
 */
@Component
public class CredentialChanges {

    private final TokenAuthenticationCache tokenCache;

    CredentialChanges(TokenAuthenticationCache tokenCache) {
        this.tokenCache = tokenCache;
    }

    /** Call inside the transaction that changes a user's credentials; takes effect when it commits. */
    public void changedInThisTransaction() {
        tokenCache.invalidateAfterCommit();
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    void on(TenantService.TenantChanged changed) {
        tokenCache.invalidateAfterCommit();
    }
}
