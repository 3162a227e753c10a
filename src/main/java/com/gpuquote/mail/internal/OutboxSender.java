package com.gpuquote.mail.internal;

import com.gpuquote.shared.web.DatabaseFaults;
import com.gpuquote.tenancy.TenantContext;
import org.jspecify.annotations.Nullable;
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
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Sends queued mail through Spring Mail when SMTP is configured (spring.mail.host); otherwise does nothing.
 * Safe with any number of app instances (issue 18, ADR 0010): each poll claims a batch in one short transaction
 * ({@code FOR UPDATE SKIP LOCKED}, so instances claim disjoint rows), sends outside any transaction (a slow SMTP
 * server holds no row lock or connection), and marks each mail in its own short transaction, only while the claim is
 * still its own. A failed send releases the claim and is retried on a later poll until the last attempt marks the
 * mail FAILED; a claim never marked (the instance died) is taken again after the lease.
 * <p>
 * The database may be gone between the send and its mark (a restart, a failover). What SMTP answered is then kept
 * in memory and recorded first on the next poll, before anything new is claimed, and the rest of the claimed batch
 * is still sent: a blip neither leaves claimed mails waiting for the lease nor sends a delivered mail twice. Only an
 * instance that stops while holding such an unrecorded outcome, or a database gone for longer than the lease, can
 * still send a mail twice (ADR 0010).
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
    /** SMTP's answers the database could not record yet, oldest first. */
    private final Queue<Outcome> unrecorded = new ConcurrentLinkedQueue<>();

    /** What SMTP answered for a claimed mail: accepted (error null) or why not. */
    private record Outcome(OutboxRepository.PendingMail mail, @Nullable String error) {
    }

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
        if (!recordUnrecorded()) {
            return; // the database is still away: nothing new is claimed until what was sent is recorded
        }
        // whole batches until the queue is drained, so a backlog does not wait one poll interval per batch
        while (true) {
            List<OutboxRepository.PendingMail> batch;
            try {
                batch = claim();
            } catch (RuntimeException e) {
                if (DatabaseFaults.classify(e) == null) {
                    throw e;
                }
                log.warn("Mail outbox not polled: the database is unavailable ({})", e.getMessage());
                return;
            }
            for (OutboxRepository.PendingMail m : batch) {
                record(send(sender, m));
            }
            if (batch.size() < BATCH || !unrecorded.isEmpty()) {
                return;
            }
        }
    }

    /** Records the outcomes kept in memory, oldest first; false while the database still cannot take them. */
    private boolean recordUnrecorded() {
        for (Outcome o = unrecorded.peek(); o != null; o = unrecorded.peek()) {
            try {
                mark(o);
            } catch (RuntimeException e) {
                if (DatabaseFaults.classify(e) == null) {
                    throw e;
                }
                log.warn("{} mail outcomes still unrecorded: the database is unavailable", unrecorded.size());
                return false;
            }
            unrecorded.remove();
        }
        return true;
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

    private Outcome send(JavaMailSender sender, OutboxRepository.PendingMail m) {
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
        return new Outcome(m, error);
    }

    /** Records an outcome now, or keeps it for the next poll when the database is unavailable. */
    private void record(Outcome o) {
        if (!unrecorded.isEmpty()) {
            unrecorded.add(o); // in order: behind the ones already waiting
            return;
        }
        try {
            mark(o);
        } catch (RuntimeException e) {
            if (DatabaseFaults.classify(e) == null) {
                throw e;
            }
            log.warn("Mail {}: outcome kept until the database is back ({})", o.mail().id(), e.getMessage());
            unrecorded.add(o);
        }
    }

    private void mark(Outcome o) {
        OutboxRepository.PendingMail m = o.mail();
        String error = o.error();
        Integer marked = TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.execute(s -> error == null
                ? repository.markSent(m, worker) : repository.markFailed(m, worker, error, maxAttempts)));
        if (marked == null || marked == 0) {
            // this send outlived its lease and another instance took the mail over (or a lost commit had marked it)
            log.warn("Mail {}: the claim had expired before its outcome was recorded", m.id());
        }
    }
}
