package com.gpuquote.mail.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 18: the outbox with several senders sharing the database (as several app instances do). */
class OutboxClaimTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    MailOutbox outbox;
    @Autowired
    OutboxRepository repository;
    @Autowired
    PlatformTransactionManager txm;
    @Autowired
    JdbcClient jdbc;

    private OutboxSender sender(RecordingMailSender smtp, String worker) {
        return new OutboxSender(repository, smtp.provider(), txm, "noreply@test.example", worker, Duration.ofMinutes(10), 5);
    }

    private List<String> enqueue(TenantId tenant, int n, String tag) {
        TransactionTemplate tx = new TransactionTemplate(txm);
        List<String> recipients = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            recipients.add("m" + i + "-" + tag + "@outbox.example");
        }
        TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> tx.executeWithoutResult(s ->
                recipients.forEach(r -> outbox.enqueue(tenant, r, "Subject " + r, "Body"))));
        return recipients;
    }

    @Test
    void twoSendersOnTwoHundredQueuedMailsSendEachExactlyOnce() throws Exception {
        var t = testTenants.create();
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<String> recipients = enqueue(t.tenant().id(), 200, tag);
        // a few milliseconds per mail, like a real SMTP round trip, so that both senders are busy at the same time
        RecordingMailSender smtp = new RecordingMailSender(3);
        OutboxSender a = sender(smtp, "a-" + tag);
        OutboxSender b = sender(smtp, "b-" + tag);
        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> runs = List.of(
                    pool.submit(() -> { start.await(); a.sendPending(); return null; }),
                    pool.submit(() -> { start.await(); b.sendPending(); return null; }));
            for (Future<?> f : runs) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(recipients).allSatisfy(r -> assertThat(smtp.sends(r)).as(r).isEqualTo(1));
        List<Object[]> rows = rows(t.tenant().id());
        assertThat(rows).hasSize(200).allSatisfy(r -> {
            assertThat(r[1]).as("sent_at").isNotNull();
            assertThat(r[2]).as("attempts").isEqualTo(1);
            assertThat(r[3]).as("claimed_by").isNull();
        });
        // both instances did part of the work (each claimed batches the other skipped)
        assertThat(sentBy(t.tenant().id(), "a-" + tag)).isPositive();
        assertThat(sentBy(t.tenant().id(), "b-" + tag)).isPositive();
    }

    @Test
    void aFailedSendIsRetriedAndAfterTheLastAttemptTheMailIsFailedForGood() throws Exception {
        var t = testTenants.create();
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<String> r = enqueue(t.tenant().id(), 2, tag);
        RecordingMailSender smtp = new RecordingMailSender(0);
        smtp.failTimes(r.get(0), 1);
        smtp.alwaysFail(r.get(1));
        // this sender counts into its own registry, so the application's own sender cannot add to the figures
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        OutboxRepository metered = new OutboxRepository(jdbc);
        metered.setMeterRegistry(meters);
        OutboxSender s = new OutboxSender(metered, smtp.provider(), txm, "noreply@test.example", "w-" + tag,
                Duration.ofMinutes(10), 5);
        for (int i = 0; i < 7; i++) {
            s.sendPending();
        }
        // the operations metrics (docs/operations.md): one failure per refused attempt (1 + 5), and one "sent" per
        // mail this sender marked sent; it may also have sent other tests' queued mails, so those are counted in
        // the database, by who sent them
        assertThat(meters.counter("gpuquote.mail.failed").count()).isEqualTo(6.0);
        assertThat(meters.counter("gpuquote.mail.sent").count()).isEqualTo((double) sentByAnyTenant("w-" + tag));
        assertThat(sentByAnyTenant("w-" + tag)).isGreaterThanOrEqualTo(1);
        assertThat(smtp.sends(r.get(0))).isEqualTo(2);
        assertThat(smtp.sends(r.get(1))).as("five attempts, then never again").isEqualTo(5);
        Object[] recovered = row(t.tenant().id(), r.get(0));
        assertThat(recovered[1]).as("sent_at").isNotNull();
        assertThat(recovered[2]).isEqualTo(2);
        assertThat(recovered[4]).as("failed_at").isNull();
        Object[] failed = row(t.tenant().id(), r.get(1));
        assertThat(failed[1]).as("sent_at").isNull();
        assertThat(failed[2]).isEqualTo(5);
        assertThat(failed[4]).as("failed_at").isNotNull();
        assertThat((String) failed[5]).contains("550");
    }

    @Test
    void aMailClaimedByAnInstanceThatDiedIsSentByAnotherOnceTheLeaseIsOver() throws Exception {
        var t = testTenants.create();
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String to = enqueue(t.tenant().id(), 1, tag).get(0);
        TransactionTemplate tx = new TransactionTemplate(txm);
        // the dead instance claims everything queued (as it would) and never marks anything
        TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.execute(s ->
                repository.claim("dead-" + tag, 10_000, Duration.ofMinutes(10), 5)));
        RecordingMailSender smtp = new RecordingMailSender(0);
        OutboxSender alive = sender(smtp, "alive-" + tag);
        alive.sendPending();
        assertThat(smtp.sends(to)).as("within the lease the claim is respected").isZero();

        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement ps = c.prepareStatement(
                     "update mail_outbox set claimed_at = claimed_at - interval '11 minutes' where tenant_id = ?")) {
            ps.setObject(1, t.tenant().id().value());
            ps.executeUpdate();
        }
        alive.sendPending();
        alive.sendPending();
        assertThat(smtp.sends(to)).isEqualTo(1);
        Object[] row = row(t.tenant().id(), to);
        assertThat(row[1]).as("sent_at").isNotNull();
        assertThat(row[2]).as("the dead claim counted as an attempt").isEqualTo(2);
    }

    private static List<Object[]> rows(TenantId tenant) throws Exception {
        return query("select recipient, sent_at, attempts, claimed_by, failed_at, last_error from mail_outbox where tenant_id = ?",
                tenant.value());
    }

    private static Object[] row(TenantId tenant, String recipient) throws Exception {
        return query("""
                select recipient, sent_at, attempts, claimed_by, failed_at, last_error from mail_outbox
                where tenant_id = ? and recipient = ?""", tenant.value(), recipient).get(0);
    }

    private long sentBy(TenantId tenant, String worker) throws Exception {
        return (Long) query("select count(*) from mail_outbox where tenant_id = ? and sent_by = ?", tenant.value(), worker)
                .get(0)[0];
    }

    private static long sentByAnyTenant(String worker) throws Exception {
        return (Long) query("select count(*) from mail_outbox where sent_by = ?", worker).get(0)[0];
    }

    private static List<Object[]> query(String sql, Object... params) throws Exception {
        return TestDatabase.adminRows(sql, params);
    }
}
