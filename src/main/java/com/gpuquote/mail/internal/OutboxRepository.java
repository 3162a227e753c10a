package com.gpuquote.mail.internal;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Autowired;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.util.List;
import java.util.UUID;

@Repository
public class OutboxRepository {
    public record PendingMail(UUID tenantId, UUID id, String recipient, String subject, String body) {
    }

    private final JdbcClient jdbc;

    private MeterRegistry meters;

    OutboxRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** gpuquote.mail.sent / gpuquote.mail.failed (docs/operations.md); a setter so the constructor stays as it is. */
    @Autowired
    void setMeterRegistry(MeterRegistry meters) {
        this.meters = meters;
    }

    private void count(boolean sent) {
        if (meters != null) {
            meters.counter(sent ? "gpuquote.mail.sent" : "gpuquote.mail.failed").increment();
        }
    }

    public void insert(TenantId tenant, UUID id, String recipient, String subject, String body) {
        jdbc.sql("insert into mail_outbox (tenant_id, id, recipient, subject, body) values (?, ?, ?, ?, ?)")
                .params(tenant.value(), id, recipient, subject, body).update();
    }

    /** A trace row of a mail sent directly (its body, which carries a secret, is not stored; see DirectSender). */
    public void insertDirect(TenantId tenant, UUID id, String recipient, String subject, String trace) {
        jdbc.sql("insert into mail_outbox (tenant_id, id, recipient, subject, body, direct) values (?, ?, ?, ?, ?, true)")
                .params(tenant.value(), id, recipient, subject, trace).update();
    }

    /** The outcome of a direct mail: sent (error null) or why not. */
    void markDirect(TenantId tenant, UUID id, String error) {
        count(error == null);
        if (error == null) {
            jdbc.sql("update mail_outbox set attempts = attempts + 1, sent_at = now() where tenant_id = ? and id = ? and direct")
                    .params(tenant.value(), id).update();
        } else {
            jdbc.sql("update mail_outbox set attempts = attempts + 1, last_error = ? where tenant_id = ? and id = ? and direct")
                    .params(error, tenant.value(), id).update();
        }
    }

    /** Queued mail to send; direct mails (trace rows only) are never in it. */
    List<PendingMail> pending(int limit) {
        return jdbc.sql("""
                        select tenant_id, id, recipient, subject, body from mail_outbox
                        where sent_at is null and attempts < 5 and not direct
                        order by created_at limit ? for update skip locked""")
                .param(limit)
                .query((rs, n) -> new PendingMail(rs.getObject("tenant_id", UUID.class), rs.getObject("id", UUID.class),
                        rs.getString("recipient"), rs.getString("subject"), rs.getString("body")))
                .list();
    }

    /** Marks a mail sent and drops its body: bodies carry one-time links (invitations, portal) that must not linger. */
    void markSent(PendingMail m) {
        count(true);
        jdbc.sql("update mail_outbox set sent_at = now(), attempts = attempts + 1, body = ? where tenant_id = ? and id = ?")
                .param(SENT_BODY)
                .param(m.tenantId()).param(m.id()).update();
    }

    static final String SENT_BODY = "(sent; the body is not kept because it may contain a one-time link)";

    void markFailed(PendingMail m, String error) {
        count(false);
        jdbc.sql("update mail_outbox set attempts = attempts + 1, last_error = ? where tenant_id = ? and id = ?")
                .params(error, m.tenantId(), m.id()).update();
    }
}
