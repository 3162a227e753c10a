package com.gpuquote.mail.internal;

import com.gpuquote.tenancy.TenantContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Sends queued mail through Spring Mail when SMTP is configured (spring.mail.host); otherwise does nothing.
 * Safe with any number of app instances (issue 18, ADR 0010): each poll claims a batch in one short transaction
 * ({@code FOR UPDATE SKIP LOCKED}, so instances claim disjoint rows), sends outside any transaction (a slow SMTP
 * server holds no row lock or connection), and marks each mail in its own short transaction, only while the claim is
 * still its own. A failed send releases the claim and is retried on a later poll until the last attempt marks the
 * mail FAILED; a claim never marked (the instance died) is taken again after the lease.
 */
@Component
class OutboxSender {
    private static final Logger log = LoggerFactory.getLogger(OutboxSender.class);

    static final int BATCH = 20;

    private final OutboxRepository repository;
    private final ObjectProvider<JavaMailSender> mailSender;
    private final TransactionTemplate tx;
    private final String from;
    private final String worker;
    private final Duration lease;
    private final int maxAttempts;

    @Autowired
    OutboxSender(OutboxRepository repository, ObjectProvider<JavaMailSender> mailSender, PlatformTransactionManager txm,
                 @Value("${gpuquote.mail.from:noreply@gpuquote.local}") String from,
                 @Value("${gpuquote.mail.lease:PT10M}") Duration lease,
                 @Value("${gpuquote.mail.max-attempts:5}") int maxAttempts) {
        this(repository, mailSender, txm, from, workerName(), lease, maxAttempts);
    }

    OutboxSender(OutboxRepository repository, ObjectProvider<JavaMailSender> mailSender, PlatformTransactionManager txm,
                 String from, String worker, Duration lease, int maxAttempts) {
        this.repository = repository;
        this.mailSender = mailSender;
        this.tx = new TransactionTemplate(txm);
        this.from = from;
        this.worker = worker;
        this.lease = lease;
        this.maxAttempts = maxAttempts;
    }

    /** Host name plus a random part: two instances on one host (or a restarted one) never share a claim. */
    private static String workerName() {
        String host = System.getenv().getOrDefault("HOSTNAME", "app");
        return host + "/" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Scheduled(fixedDelayString = "${gpuquote.mail.poll-ms:30000}")
    void sendPending() {
        JavaMailSender sender = mailSender.getIfAvailable();
        if (sender == null) {
            return;
        }
        // whole batches until the queue is drained, so a backlog does not wait one poll interval per batch
        while (true) {
            List<OutboxRepository.PendingMail> batch = claim();
            for (OutboxRepository.PendingMail m : batch) {
                send(sender, m);
            }
            if (batch.size() < BATCH) {
                return;
            }
        }
    }

    private List<OutboxRepository.PendingMail> claim() {
        // a system job, not a request: it works across tenants in platform scope
        List<OutboxRepository.PendingMail> batch = TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.execute(s -> {
            int abandoned = repository.failAbandoned(lease, maxAttempts);
            if (abandoned > 0) {
                log.warn("{} mails failed: their last sending instance stopped before marking them", abandoned);
            }
            return repository.claim(worker, BATCH, lease, maxAttempts);
        }));
        return batch == null ? List.of() : batch;
    }

    private void send(JavaMailSender sender, OutboxRepository.PendingMail m) {
        String error;
        try {
            SimpleMailMessage msg = new SimpleMailMessage();
            msg.setFrom(from);
            msg.setTo(m.recipient());
            msg.setSubject(m.subject());
            msg.setText(m.body());
            sender.send(msg);
            error = null;
        } catch (RuntimeException e) {
            log.warn("Mail {} not sent: {}", m.id(), e.getMessage());
            error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
        String outcome = error;
        Integer marked = TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.execute(s -> outcome == null
                ? repository.markSent(m, worker) : repository.markFailed(m, worker, outcome, maxAttempts)));
        if (marked == null || marked == 0) {
            // only when this send outlived its lease and another instance took the mail over
            log.warn("Mail {}: the claim had expired before its outcome was recorded", m.id());
        }
    }
}
