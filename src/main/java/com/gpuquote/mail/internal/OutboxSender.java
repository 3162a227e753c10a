package com.gpuquote.mail.internal;

import com.gpuquote.tenancy.TenantContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/** Sends queued mail through Spring Mail when SMTP is configured (spring.mail.host); otherwise does nothing. */
@Component
class OutboxSender {
    private static final Logger log = LoggerFactory.getLogger(OutboxSender.class);

    private final OutboxRepository repository;
    private final ObjectProvider<JavaMailSender> mailSender;
    private final TransactionTemplate tx;
    private final String from;

    OutboxSender(OutboxRepository repository, ObjectProvider<JavaMailSender> mailSender, PlatformTransactionManager txm,
                 @Value("${gpuquote.mail.from:noreply@gpuquote.local}") String from) {
        this.repository = repository;
        this.mailSender = mailSender;
        this.tx = new TransactionTemplate(txm);
        this.from = from;
    }

    @Scheduled(fixedDelayString = "${gpuquote.mail.poll-ms:30000}")
    void sendPending() {
        JavaMailSender sender = mailSender.getIfAvailable();
        if (sender == null) {
            return;
        }
        // a system job, not a request: it works across tenants in platform scope
        TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.executeWithoutResult(s -> {
            for (OutboxRepository.PendingMail m : repository.pending(20)) {
                try {
                    SimpleMailMessage msg = new SimpleMailMessage();
                    msg.setFrom(from);
                    msg.setTo(m.recipient());
                    msg.setSubject(m.subject());
                    msg.setText(m.body());
                    sender.send(msg);
                    repository.markSent(m);
                } catch (RuntimeException e) {
                    log.warn("Mail {} not sent: {}", m.id(), e.getMessage());
                    repository.markFailed(m, e.getMessage());
                }
            }
        }));
    }
}
