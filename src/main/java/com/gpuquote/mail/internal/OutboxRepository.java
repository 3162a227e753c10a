package com.gpuquote.mail.internal;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.annotation.Autowired;
import com.gpuquote.tenancy.TenantId;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import java.time.Duration;
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

    /** Queued mail a sender could claim now (read only, no claim); direct mails (trace rows only) are never in it. */
    List<PendingMail> pending(int limit) {
        return jdbc.sql("""
                        select tenant_id, id, recipient, subject, body from mail_outbox
                        where sent_at is null and failed_at is null and not direct and claimed_by is null
                        order by created_at limit ?""")
                .param(limit)
                .query(OutboxRepository::pendingMail)
                .list();
    }

    /**
     * Claims up to {@code limit} queued mails for {@code worker} and counts the attempt. Rows another instance has
     * locked are skipped (SKIP LOCKED), so concurrent senders claim disjoint batches; a claim older than the lease is
     * an instance that died between claiming and marking, and is taken again. Lease ages are measured with the
     * database's clock, the one clock every instance shares. Runs in the caller's (short) transaction.
     */
    List<PendingMail> claim(String worker, int limit, Duration lease, int maxAttempts) {
        return jdbc.sql("""
                        update mail_outbox m set claimed_by = ?, claimed_at = now(), attempts = m.attempts + 1
                        from (select tenant_id, id from mail_outbox
                              where sent_at is null and failed_at is null and not direct and attempts < ?
                                and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))
                              order by created_at limit ? for update skip locked) c
                        where m.tenant_id = c.tenant_id and m.id = c.id
                        returning m.tenant_id, m.id, m.recipient, m.subject, m.body""")
                .params(worker, maxAttempts, (double) lease.toMillis() / 1000.0, limit)
                .query(OutboxRepository::pendingMail)
                .list();
    }

    /** Mails whose last attempt was claimed and never marked (the claimer died) are failed once the lease is over. */
    int failAbandoned(Duration lease, int maxAttempts) {
        return jdbc.sql("""
                        update mail_outbox set failed_at = now(), claimed_by = null, claimed_at = null,
                               last_error = coalesce(last_error, 'not sent: the sending instance stopped')
                        where sent_at is null and failed_at is null and not direct and attempts >= ?
                          and (claimed_at is null or claimed_at < now() - make_interval(secs => ?))""")
                .params(maxAttempts, (double) lease.toMillis() / 1000.0)
                .update();
    }

    private static PendingMail pendingMail(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new PendingMail(rs.getObject("tenant_id", UUID.class), rs.getObject("id", UUID.class),
                rs.getString("recipient"), rs.getString("subject"), rs.getString("body"));
    }

    /** Marks a mail sent and drops its body: bodies carry one-time links (invitations, portal) that must not linger. */
    int markSent(PendingMail m) {
        count(true);
        return jdbc.sql("""
                        update mail_outbox set sent_at = now(), body = ?, claimed_by = null, claimed_at = null
                        where tenant_id = ? and id = ? and sent_at is null""")
                .params(SENT_BODY, m.tenantId(), m.id()).update();
    }

    /** As {@link #markSent(PendingMail)}, only while {@code worker} still holds the claim. */
    int markSent(PendingMail m, String worker) {
        int updated = jdbc.sql("""
                        update mail_outbox set sent_at = now(), body = ?, sent_by = claimed_by, claimed_by = null,
                               claimed_at = null
                        where tenant_id = ? and id = ? and sent_at is null and claimed_by = ?""")
                .params(SENT_BODY, m.tenantId(), m.id(), worker).update();
        if (updated > 0) {
            count(true);
        }
        return updated;
    }

    static final String SENT_BODY = "(sent; the body is not kept because it may contain a one-time link)";

    /** Releases the claim after a failed send; the last allowed attempt marks the mail FAILED (failed_at). */
    int markFailed(PendingMail m, String worker, String error, int maxAttempts) {
        count(false);
        return jdbc.sql("""
                        update mail_outbox set last_error = ?, claimed_by = null, claimed_at = null,
                               failed_at = case when attempts >= ? then now() end
                        where tenant_id = ? and id = ? and sent_at is null and claimed_by = ?""")
                .params(error, maxAttempts, m.tenantId(), m.id(), worker).update();
    }
}
