package com.gpuquote.quote.internal;

import com.gpuquote.notification.NotificationService;
import com.gpuquote.quote.QuoteAcceptanceSource;
import com.gpuquote.quote.QuoteId;
import com.gpuquote.quote.QuotePortalAccess;
import com.gpuquote.shared.time.BusinessCalendar;
import com.gpuquote.quote.Subscriptions;
import com.gpuquote.security.SystemAuthentication;
import com.gpuquote.tenancy.Tenant;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import com.gpuquote.tenancy.TenantService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Hourly (issue 16): for every accepted quote, 30 and 7 days before a subscription's end the consultant who wrote it
 * hears once that it is due for renewal, with a link to the quote (where "Create renewal quote" is). Once per quote,
 * end date and reminder day: the reminder is sent by the transaction whose insert into {@code renewal_reminders}
 * wins, so several app instances never send it twice. One transaction per tenant, in that tenant's scope.
 */
@Component
public class RenewalJob {

    private static final Logger log = LoggerFactory.getLogger(RenewalJob.class);

    private final TenantService tenants;
    private final QuotePortalAccess quotes;
    private final RenewalRepository repository;
    private final NotificationService notifications;
    private final ObjectProvider<QuoteAcceptanceSource> acceptances;
    private final TransactionTemplate tx;
    private final Clock clock;

    RenewalJob(TenantService tenants, QuotePortalAccess quotes, RenewalRepository repository,
               NotificationService notifications, ObjectProvider<QuoteAcceptanceSource> acceptances,
               PlatformTransactionManager txm, Clock clock) {
        this.tenants = tenants;
        this.quotes = quotes;
        this.repository = repository;
        this.notifications = notifications;
        this.acceptances = acceptances;
        this.tx = new TransactionTemplate(txm);
        this.clock = clock;
    }

    @Scheduled(initialDelayString = "${gpuquote.renewal.initial-delay-ms:90000}",
            fixedDelayString = "${gpuquote.renewal.poll-ms:3600000}")
    void run() {
        List<Tenant> all = new ArrayList<>();
        SystemAuthentication.asPlatformAdmin(() -> all.addAll(tenants.list()));
        LocalDate today = BusinessCalendar.today(clock);
        for (Tenant t : all) {
            runFor(t.id(), today);
        }
    }

    /** The reminders sent for {@code tenant} on {@code today}. */
    public int runFor(TenantId tenant, LocalDate today) {
        try {
            Integer sent = TenantContext.runAs(TenantContext.Scope.tenant(tenant),
                    () -> tx.execute(s -> remind(tenant, today)));
            if (sent != null && sent > 0) {
                log.info("Tenant {}: {} renewal reminders", tenant.value(), sent);
            }
            return sent == null ? 0 : sent;
        } catch (RuntimeException e) {
            log.warn("Renewal job failed for tenant {}: {}", tenant.value(), e.toString());
            return 0;
        }
    }

    private int remind(TenantId tenant, LocalDate today) {
        int sent = 0;
        for (var id : repository.acceptedQuotes(tenant)) {
            QuoteId quoteId = new QuoteId(id);
            var quote = quotes.find(tenant, quoteId).orElse(null);
            if (quote == null) {
                continue;
            }
            Optional<QuoteAcceptanceSource.AcceptedOption> accepted = acceptances.orderedStream()
                    .map(a -> a.acceptance(tenant, quoteId)).flatMap(Optional::stream).findFirst();
            // lines ending on the same day make one reminder
            Map<LocalDate, Integer> instancesByEnd = new TreeMap<>();
            Subscriptions.of(quote.status(), quote.options(), accepted, BusinessCalendar.ZONE)
                    .forEach(s -> instancesByEnd.merge(s.endDate(), s.quantity(), Integer::sum));
            for (var e : instancesByEnd.entrySet()) {
                Optional<Integer> due = Subscriptions.reminderDue(e.getKey(), today);
                if (due.isPresent() && repository.recordReminder(tenant, id, e.getKey(), due.get()) == 1) {
                    notifications.notify(tenant, quote.authorId(), "RENEWAL_DUE", Map.of("number", quote.number(),
                            "customer", quote.customerName(), "date", e.getKey().toString(),
                            "days", String.valueOf(java.time.temporal.ChronoUnit.DAYS.between(today, e.getKey())),
                            "instances", String.valueOf(e.getValue())), "quotes/" + id);
                    sent++;
                }
            }
        }
        return sent;
    }
}
