package com.gpuquote.mail;

import com.gpuquote.mail.internal.OutboxRepository;
import com.gpuquote.tenancy.TenantId;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import java.util.UUID;

/**
 * Mail is written to an outbox in the same transaction as the change that causes it, and sent later by
 * {@code OutboxSender} when SMTP is configured; without SMTP the outbox is the record (and the UI shows links).
 */
@Service
public class MailOutbox {
    private final OutboxRepository repository;

    MailOutbox(OutboxRepository repository) {
        this.repository = repository;
    }

    @Transactional(propagation = Propagation.MANDATORY)
    public UUID enqueue(TenantId tenant, String recipient, String subject, String body) {
        UUID id = UUID.randomUUID();
        repository.insert(tenant, id, recipient, subject, body);
        return id;
    }
}
