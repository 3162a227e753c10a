package com.gpuquote.mail;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.mail.internal.DirectSender;
import com.gpuquote.mail.internal.OutboxRepository;
import com.gpuquote.tenancy.TenantContext;
import com.gpuquote.tenancy.TenantId;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.mail.MailSendException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** A mail carrying a secret goes out after commit straight through SMTP; the database keeps only a trace. */
class DirectMailTest extends IntegrationTest {

    static final String SECRET = "https://x/portal/q/SECRET-" + UUID.randomUUID();

    /** An SMTP server stand-in that records what it was asked to send (or fails). */
    static class FakeSmtp extends JavaMailSenderImpl {
        final List<SimpleMailMessage> sent = new ArrayList<>();
        boolean fail;

        @Override
        public void send(SimpleMailMessage... messages) {
            if (fail) {
                throw new MailSendException("connection refused");
            }
            sent.addAll(List.of(messages));
        }
    }

    @Autowired
    TestTenants testTenants;
    @Autowired
    OutboxRepository repository;
    @Autowired
    PlatformTransactionManager txm;

    private MailOutbox outbox(JavaMailSender smtp) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory(
                smtp == null ? Map.of() : Map.of("mailSender", smtp));
        ObjectProvider<JavaMailSender> provider = beans.getBeanProvider(JavaMailSender.class);
        return new MailOutbox(repository, new DirectSender(repository, provider, txm, "noreply@test"));
    }

    private <T> T inTenant(TenantId tenant, Function<org.springframework.transaction.TransactionStatus, T> work) {
        return TenantContext.runAs(TenantContext.Scope.tenant(tenant), () -> new TransactionTemplate(txm).execute(work::apply));
    }

    record Row(String body, boolean sent, String lastError, boolean direct) {
    }

    private static List<Row> rows(TenantId tenant) throws Exception {
        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement ps = c.prepareStatement(
                     "select body, sent_at, last_error, direct from mail_outbox where tenant_id = ?")) {
            ps.setObject(1, tenant.value());
            ResultSet rs = ps.executeQuery();
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new Row(rs.getString(1), rs.getTimestamp(2) != null, rs.getString(3), rs.getBoolean(4)));
            }
            return rows;
        }
    }

    @Test
    void withSmtpTheSecretIsMailedAfterCommitAndOnlyATraceIsStored() throws Exception {
        TenantId tenant = testTenants.create().tenant().id();
        FakeSmtp smtp = new FakeSmtp();
        MailOutbox outbox = outbox(smtp);
        int sentBeforeCommit = inTenant(tenant, s -> {
            outbox.sendDirect(tenant, "zhang@customer.example", "报价", "请查看：" + SECRET, "请查看：(链接不保存)");
            return smtp.sent.size();
        });
        assertThat(sentBeforeCommit).as("nothing leaves before the commit").isZero();
        assertThat(smtp.sent).singleElement().satisfies(m -> {
            assertThat(m.getText()).contains(SECRET);
            assertThat(m.getTo()).containsExactly("zhang@customer.example");
        });
        assertThat(rows(tenant)).singleElement().satisfies(r -> {
            assertThat(r.body()).isEqualTo("请查看：(链接不保存)").doesNotContain("SECRET");
            assertThat(r.sent()).isTrue();
            assertThat(r.direct()).isTrue();
        });
    }

    @Test
    void onRollbackNothingIsSentAndNothingStored() throws Exception {
        TenantId tenant = testTenants.create().tenant().id();
        FakeSmtp smtp = new FakeSmtp();
        MailOutbox outbox = outbox(smtp);
        inTenant(tenant, s -> {
            outbox.sendDirect(tenant, "zhang@customer.example", "报价", SECRET, "trace");
            s.setRollbackOnly();
            return null;
        });
        assertThat(smtp.sent).isEmpty();
        assertThat(rows(tenant)).isEmpty();
    }

    @Test
    void withoutSmtpOrOnAnSmtpErrorTheTraceSaysWhyAndTheOutboxSenderNeverPicksItUp() throws Exception {
        TenantId tenant = testTenants.create().tenant().id();
        inTenant(tenant, s -> outbox(null).sendDirect(tenant, "a@customer.example", "s", SECRET, "trace"));
        FakeSmtp failing = new FakeSmtp();
        failing.fail = true;
        inTenant(tenant, s -> outbox(failing).sendDirect(tenant, "b@customer.example", "s", SECRET, "trace"));
        assertThat(rows(tenant)).hasSize(2).allSatisfy(r -> {
            assertThat(r.sent()).isFalse();
            assertThat(r.lastError()).startsWith("not sent");
            assertThat(r.body()).isEqualTo("trace");
        });
        assertThat(rows(tenant)).extracting(Row::lastError).anyMatch(e -> e.contains("SMTP"));
        List<UUID> pending = TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> new TransactionTemplate(txm)
                .execute(s -> com.gpuquote.mail.internal.OutboxTestAccess.pendingIds(repository)));
        List<UUID> mine = directIds(tenant);
        assertThat(mine).hasSize(2);
        assertThat(pending).doesNotContainAnyElementsOf(mine);
    }

    private List<UUID> directIds(TenantId tenant) {
        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement ps = c.prepareStatement("select id from mail_outbox where tenant_id = ? and direct")) {
            ps.setObject(1, tenant.value());
            ResultSet rs = ps.executeQuery();
            List<UUID> ids = new ArrayList<>();
            while (rs.next()) {
                ids.add(rs.getObject(1, UUID.class));
            }
            return ids;
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
