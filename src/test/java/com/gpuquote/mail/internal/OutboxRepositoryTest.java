package com.gpuquote.mail.internal;

import com.gpuquote.IntegrationTest;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.mail.MailOutbox;
import com.gpuquote.tenancy.TenantContext;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class OutboxRepositoryTest extends IntegrationTest {

    @Autowired
    TestTenants testTenants;
    @Autowired
    MailOutbox outbox;
    @Autowired
    OutboxRepository repository;
    @Autowired
    PlatformTransactionManager txm;

    @Test
    void aSentMailNoLongerKeepsItsBodyWithTheOneTimeLink() throws Exception {
        var t = testTenants.create();
        TransactionTemplate tx = new TransactionTemplate(txm);
        UUID id = TenantContext.runAs(TenantContext.Scope.tenant(t.tenant().id()), () -> tx.execute(s ->
                outbox.enqueue(t.tenant().id(), "someone@example.com", "Invitation", "https://x/invite/SECRET-123")));
        TenantContext.runAs(TenantContext.Scope.PLATFORM, () -> tx.executeWithoutResult(s ->
                repository.pending(1000).stream().filter(m -> m.id().equals(id)).forEach(repository::markSent)));
        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement ps = c.prepareStatement("select body, sent_at from mail_outbox where id = ?")) {
            ps.setObject(1, id);
            ResultSet rs = ps.executeQuery();
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString("body")).doesNotContain("SECRET-123").isEqualTo(OutboxRepository.SENT_BODY);
            assertThat(rs.getTimestamp("sent_at")).isNotNull();
        }
    }
}
