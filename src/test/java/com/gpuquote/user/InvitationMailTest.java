package com.gpuquote.user;

import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.TestDatabase;
import com.gpuquote.TestTenants;
import com.gpuquote.security.Role;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The invitation mail speaks the language of the tenant the invitee joins. */
class InvitationMailTest extends IntegrationTest {

    @Autowired
    TestTenants tenants;
    @Autowired
    SignedIn signedIn;
    @Autowired
    UserService users;

    @Test
    void aChineseTenantsInvitationIsInChinese() throws SQLException {
        var t = tenants.create("zh-CN");
        String email = "zh-" + t.tenant().slug() + "@test.example";
        InvitationLink link = signedIn.as(t.adminEmail(),
                () -> users.invite(new NewInvitation(email, "张三", Set.of(Role.CONSULTANT))));
        String[] mail = mailTo(email);
        assertThat(mail[0]).isEqualTo("GpuQuote：邀请您加入 " + t.tenant().name());
        assertThat(mail[1]).startsWith("您好 张三，").contains("/invite/…", "72 小时").doesNotContain("You are invited");
        // issue 11: the stored trace never holds a usable token (the mail went out directly)
        assertThat(mail[1]).doesNotContain(link.url().substring(link.url().lastIndexOf('/') + 1));
    }

    @Test
    void anEnglishTenantsInvitationIsInEnglish() throws SQLException {
        var t = tenants.create("en");
        String email = "en-" + t.tenant().slug() + "@test.example";
        InvitationLink link = signedIn.as(t.adminEmail(),
                () -> users.invite(new NewInvitation(email, "Jane Doe", Set.of(Role.CONSULTANT))));
        String[] mail = mailTo(email);
        assertThat(mail[0]).isEqualTo("GpuQuote: you are invited to " + t.tenant().name());
        assertThat(mail[1]).startsWith("Hello Jane Doe,").contains("/invite/…", "72 hours").doesNotContain("您");
        assertThat(mail[1]).doesNotContain(link.url().substring(link.url().lastIndexOf('/') + 1));
    }

    private static String[] mailTo(String recipient) throws SQLException {
        try (Connection c = TestDatabase.adminConnection();
             PreparedStatement ps = c.prepareStatement("select subject, body from mail_outbox where recipient = ?")) {
            ps.setString(1, recipient);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).as("mail queued for " + recipient).isTrue();
                return new String[]{rs.getString(1), rs.getString(2)};
            }
        }
    }
}
