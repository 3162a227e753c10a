package com.gpuquote.mail.internal;

import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.UUID;

/**
 * Sends one mail straight through SMTP once the caller's transaction has committed (never on rollback), for bodies
 * that carry a secret and so must not be stored. Its trace row in the outbox is then marked sent, or marked with why
 * it was not (no SMTP configured, SMTP error). The body lives only in memory until then.
 */
@Component
public class DirectSender {
    private static final Logger log = LoggerFactory.getLogger(DirectSender.class);

    static final String NO_SMTP = "not sent: no SMTP configured (the link was shown once to the sender)";

    private final OutboxRepository repository;
    private final ObjectProvider<JavaMailSender> mailSender;
    private final TransactionTemplate newTx;
    private final String from;

    public DirectSender(OutboxRepository repository, ObjectProvider<JavaMailSender> mailSender,
                        PlatformTransactionManager txm, @Value("${gpuquote.mail.from:noreply@gpuquote.local}") String from) {
        this.repository = repository;
        this.mailSender = mailSender;
        this.newTx = new TransactionTemplate(txm);
        this.newTx.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
        this.from = from;
    }

    public boolean smtpConfigured() {
        return mailSender.getIfAvailable() != null;
    }

    /** Registers the send for after the running transaction's commit (one is required: the trace row is in it). */
    public void sendAfterCommit(TenantId tenant, UUID id, String recipient, String subject, String body) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            throw new IllegalStateException("a direct mail needs a running transaction");
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                send(tenant, id, recipient, subject, body);
            }
        });
    }

    private void send(TenantId tenant, UUID id, String recipient, String subject, String body) {
        String error;
        JavaMailSender sender = mailSender.getIfAvailable();
        if (sender == null) {
            error = NO_SMTP;
        } else {
            try {
                SimpleMailMessage msg = new SimpleMailMessage();
                msg.setFrom(from);
                msg.setTo(recipient);
                msg.setSubject(subject);
                msg.setText(body);
                sender.send(msg);
                error = null;
            } catch (RuntimeException e) {
                // the message of a mail exception names the server, not the body; the id is enough to find the row
                error = "not sent: " + e.getClass().getSimpleName();
                log.warn("Direct mail {} not sent: {}", id, e.getClass().getName());
            }
        }
        try {
            String outcome = error;
            TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> newTx.executeWithoutResult(s ->
                    repository.markDirect(tenant, id, outcome)));
        } catch (RuntimeException e) {
            log.warn("Direct mail {}: outcome not recorded: {}", id, e.getClass().getName());
        }
    }
}
