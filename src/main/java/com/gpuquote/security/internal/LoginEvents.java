package com.gpuquote.security.internal;

import com.gpuquote.audit.AuditLog;
import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.tenancy.TenantContext;
import org.springframework.context.event.EventListener;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.security.authentication.event.InteractiveAuthenticationSuccessEvent;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.WebAuthenticationDetails;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.Map;

/** Lockout bookkeeping, the per-IP throttle and the audit trail of logins. */
@Component
class LoginEvents {

    private final AccountRepository accounts;
    private final LoginThrottle throttle;
    private final AuditLog audit;
    private final TransactionTemplate tx;

    LoginEvents(AccountRepository accounts, LoginThrottle throttle, AuditLog audit, PlatformTransactionManager txm) {
        this.accounts = accounts;
        this.throttle = throttle;
        this.audit = audit;
        this.tx = new TransactionTemplate(txm);
    }

    @EventListener
    void onFailure(AbstractAuthenticationFailureEvent event) {
        String ip = ip(event.getAuthentication());
        throttle.recordFailure(ip, event.getAuthentication().getPrincipal() instanceof String typed ? typed : null);
        if (!(event instanceof AuthenticationFailureBadCredentialsEvent)) {
            return; // locked or disabled accounts: nothing more to count
        }
        Object name = event.getAuthentication().getPrincipal();
        if (!(name instanceof String email)) {
            return;
        }
        accounts.ownerOfEmail(email.trim()).ifPresent(owner -> {
            boolean locked = accounts.recordFailure(owner);
            String action = locked ? "LOGIN_LOCKED" : "LOGIN_FAILED";
            Map<String, String> details = Map.of("ip", ip == null ? "" : ip);
            TenantContext.runAs(owner.scope(), () -> tx.executeWithoutResult(s -> owner.tenant().ifPresentOrElse(
                    tenant -> audit.recordAs(tenant, email, action, "user", owner.userId(), details),
                    () -> audit.recordPlatformAs(email, action, "user", owner.userId(), details))));
        });
    }

    @EventListener
    void onSuccess(AuthenticationSuccessEvent event) {
        if (event.getAuthentication().getPrincipal() instanceof GpuQuoteUser user) {
            accounts.recordSuccess(new AccountRepository.Owner(user.userId().value(), user.tenantId(), false));
            // only this account's own failures from this address; the address's window keeps the others
            throttle.forgive(ip(event.getAuthentication()), user.email());
        }
    }

    @EventListener
    void onInteractiveLogin(InteractiveAuthenticationSuccessEvent event) {
        if (event.getAuthentication().getPrincipal() instanceof GpuQuoteUser user) {
            TenantContext.Scope scope = user.tenantId().map(TenantContext.Scope::tenant)
                    .orElse(TenantContext.Scope.PLATFORM);
            TenantContext.runAs(scope, () -> tx.executeWithoutResult(s -> user.tenantId().ifPresentOrElse(
                    tenant -> audit.recordAs(tenant, user.email(), "LOGIN", "user", user.userId(), Map.of()),
                    () -> audit.recordPlatformAs(user.email(), "LOGIN", "user", user.userId(), Map.of()))));
        }
    }

    private static String ip(Authentication auth) {
        return auth.getDetails() instanceof WebAuthenticationDetails d ? d.getRemoteAddress() : null;
    }
}
