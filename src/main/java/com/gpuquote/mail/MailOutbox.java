package com.gpuquote.mail;

import com.gpuquote.mail.internal.DirectSender;
import com.gpuquote.mail.internal.OutboxRepository;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.UUID;

/**
 * Mail is written to an outbox in the same transaction as the change that causes it, and sent later by
 * {@code OutboxSender} when SMTP is configured; without SMTP the outbox is the record (and the UI shows links).
 * A mail whose body carries a secret that the database must never hold goes {@link #sendDirect directly} instead.
 */
@Service
public class MailOutbox {
    private final OutboxRepository repository;
    private final DirectSender direct;

    MailOutbox(OutboxRepository repository, DirectSender direct) {
        this.repository = repository;
        this.direct = direct;
    }

    /** Whether mail really leaves the building; without SMTP every mail only lands in the outbox. */
    public boolean smtpConfigured() {
        return direct.smtpConfigured();
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public UUID enqueue(TenantId tenant, String recipient, String subject, String body) {
        UUID id = UUID.randomUUID();
        repository.insert(tenant, id, recipient, subject, body);
        return id;
    }

    /**
     * For a body that carries a secret (a customer's portal link): the body is never stored. The outbox gets only a
     * trace row with {@code trace} as its body (no secret), in the caller's transaction; once that transaction
     * commits, the mail is sent straight through SMTP when it is configured, and the row is marked sent or says why
     * not. On rollback nothing is sent. Without SMTP nothing is sent (the caller shows the link once instead).
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public UUID sendDirect(TenantId tenant, String recipient, String subject, String body, String trace) {
        UUID id = UUID.randomUUID();
        repository.insertDirect(tenant, id, recipient, subject, trace);
        direct.sendAfterCommit(tenant, id, recipient, subject, body);
        return id;
    }
}
