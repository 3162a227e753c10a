package com.gpuquote.mail.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 44: the database goes away while a claimed batch is being sent (the claim committed, then the connection is
 * gone: as a restart does). Every claimed mail is still handed to SMTP once, a refused one included; once the
 * database is back, the next poll records what SMTP answered before it claims anything new: the delivered mails are
 * marked sent without a second delivery, and the refused one's claim is released and it is sent on that same poll,
 * not after the ten-minute lease. The outage is the one thing not real here: the shared PostgreSQL stays up, and a
 * transaction manager in front of the real one refuses to open transactions as Spring does when no connection can
 * be had.
 */
class OutboxDatabaseBlipTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    MailOutbox outbox;
    @Autowired
    OutboxRepository repository;
    @Autowired
    PlatformTransactionManager txm;

    @Test
    void aDatabaseBlipMidBatchGivesNeitherALateNorADoubledMail() throws Exception {
        var t = testTenants.create();
        String tag = UUID.randomUUID().toString().substring(0, 8);
        TenantId tenant = t.tenant().id();
        // other tests' queued mails first (this context sends none itself), so that ours are claimed in one batch
        new OutboxSender(repository, new RecordingMailSender(0).provider(), txm, "noreply@test.example",
                "drain-" + tag, Duration.ofMinutes(10), 5).sendPending();
        List<String> recipients = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            recipients.add("blip" + i + "-" + tag + "@outbox.example");
        }
        TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> new TransactionTemplate(txm)
                .executeWithoutResult(s -> recipients.forEach(r -> outbox.enqueue(tenant, r, "Subject", "Body"))));

        AtomicBoolean down = new AtomicBoolean();
        AtomicBoolean wentDown = new AtomicBoolean();
        PlatformTransactionManager flaky = new PlatformTransactionManager() {
            @Override
            public TransactionStatus getTransaction(TransactionDefinition definition) {
                if (down.get()) {
                    throw new CannotCreateTransactionException("Could not open JDBC Connection for transaction",
                            new SQLTransientConnectionException("Connection is not available, request timed out"));
                }
                return txm.getTransaction(definition);
            }

            @Override
            public void commit(TransactionStatus status) {
                txm.commit(status);
            }

            @Override
            public void rollback(TransactionStatus status) {
                txm.rollback(status);
            }
        };
        // the database goes away as the first of the claimed mails is handed to SMTP
        RecordingMailSender smtp = new RecordingMailSender(0) {
            @Override
            public void send(SimpleMailMessage... messages) {
                if (messages[0].getTo()[0].startsWith("blip") && !wentDown.getAndSet(true)) {
                    down.set(true);
                }
                super.send(messages);
            }
        };
        String refused = recipients.get(2);
        smtp.failTimes(refused, 1);
        OutboxSender sender = new OutboxSender(repository, smtp.provider(), flaky, "noreply@test.example",
                "blip-" + tag, Duration.ofMinutes(10), 5);

        sender.sendPending();
        assertThat(recipients).as("every claimed mail handed to SMTP once during the outage")
                .allSatisfy(r -> assertThat(smtp.sends(r)).as(r).isEqualTo(1));
        assertThat(sentAt(tenant)).as("nothing recorded while the database is away").containsOnlyNulls();

        sender.sendPending();
        assertThat(sentAt(tenant)).as("still away: nothing recorded, nothing claimed").containsOnlyNulls();

        down.set(false);
        sender.sendPending();
        assertThat(recipients).allSatisfy(r -> assertThat(smtp.sends(r)).as(r)
                .isEqualTo(r.equals(refused) ? 2 : 1));
        List<Object[]> rows = TestDatabase.adminRows(
                "select recipient, sent_at, claimed_by, attempts from mail_outbox where tenant_id = ?",
                tenant.value());
        assertThat(rows).hasSize(5).allSatisfy(r -> {
            assertThat(r[1]).as("sent_at of " + r[0]).isNotNull();
            assertThat(r[2]).as("claimed_by of " + r[0]).isNull();
            assertThat(r[3]).as("attempts of " + r[0]).isEqualTo(r[0].equals(refused) ? 2 : 1);
        });
    }

    private static List<Object> sentAt(TenantId tenant) throws Exception {
        return TestDatabase.adminRows("select sent_at from mail_outbox where tenant_id = ?", tenant.value()).stream()
                .map(r -> r[0]).toList();
    }
}
