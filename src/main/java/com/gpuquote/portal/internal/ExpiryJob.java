package com.gpuquote.portal.internal;

import com.gpuquote.shared.time.BusinessCalendar;
import java.time.Clock;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Hourly: quotes past validity become EXPIRED (they already read as EXPIRED on every read) and consultants hear
 * once, 3 days before, that a quote is about to expire. One transaction per tenant, in that tenant's scope.
 */
@Component
class ExpiryJob {

    private static final Logger log = LoggerFactory.getLogger(ExpiryJob.class);

    private final TenantService tenants;
    private final QuoteExpiry expiry;
    private final TransactionTemplate tx;
    private final Clock clock;

    ExpiryJob(TenantService tenants, QuoteExpiry expiry, PlatformTransactionManager txm, Clock clock) {
        this.clock = clock;
        this.tenants = tenants;
        this.expiry = expiry;
        this.tx = new TransactionTemplate(txm);
    }

    @Scheduled(initialDelayString = "${gpuquote.portal.expiry-initial-delay-ms:60000}",
            fixedDelayString = "${gpuquote.portal.expiry-poll-ms:3600000}")
    void run() {
        List<Tenant> all = new ArrayList<>();
        SystemAuthentication.asPlatformAdmin(() -> all.addAll(tenants.list()));
        LocalDate today = BusinessCalendar.today(clock);
        for (Tenant t : all) {
            runFor(t, today);
        }
    }

    int[] runFor(Tenant t, LocalDate today) {
        try {
            int[] r = TenantContext.runAs(TenantContext.Scope.tenant(t.id()),
                    () -> tx.execute(s -> expiry.expireAndRemind(t.id(), today)));
            if (r != null && (r[0] > 0 || r[1] > 0)) {
                log.info("Tenant {}: {} quotes expired, {} expiry reminders", t.slug(), r[0], r[1]);
            }
            return r;
        } catch (RuntimeException e) {
            log.warn("Expiry job failed for tenant {}: {}", t.slug(), e.toString());
            return new int[] {0, 0};
        }
    }
}
