package com.gpuquote.security;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.IntegrationTest;
import com.gpuquote.SignedIn;
import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import com.gpuquote.user.UserService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.time.Instant;

import static com.gpuquote.security.SecurityFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Password storage and rules, and invitation links, end to end through the real services and HTTP Basic. */
@CalendarTest
class PasswordsAndInvitationsTest extends IntegrationTest {

    static final String CHINESE = "这是一个很长的中文密码口令啊";

    @Autowired
    SecurityFixtures fx;
    @Autowired
    UserService users;
    @Autowired
    SignedIn signedIn;

    @BeforeEach
    @AfterEach
    void resetThrottle() {
        fx.resetThrottle();
    }

    @Test
    void passwordsAreStoredAsArgon2idWithTheOwaspProfile() {
        var t = fx.tenants.create();
        String hash = (String) value("select password_hash from app_users where lower(email) = lower(?)", t.adminEmail());
        assertThat(hash).startsWith("$argon2id$v=19$").doesNotContain("Test-Password");
    }

    @Test
    void aChinesePasswordWorksFromInvitationToBasicLogin() {
        var inv = fx.invite();
        assertThat(users.inspectInvitation(inv.token()).email()).isEqualTo(inv.email());
        assertThat(users.acceptInvitation(inv.token(), CHINESE)).isEqualTo(inv.email());

        var me = Api.basic(baseUrl(), inv.email(), CHINESE).get("/api/v1/me");
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().path("tenant").path("id").asText()).isEqualTo(inv.tenant().tenant().id().toString());
        assertThat(Api.basic(baseUrl(), inv.email(), CHINESE.substring(1)).get("/api/v1/me").status()).isEqualTo(401);
        String hash = (String) value("select password_hash from app_users where lower(email) = lower(?)", inv.email());
        assertThat(hash).startsWith("$argon2id$v=19$");
    }

    @Test
    void passwordLengthIsCountedInCodePoints12To128() {
        String emoji = "😀"; // one code point, two UTF-16 chars
        for (String tooShortOrLong : new String[]{"a".repeat(11), emoji.repeat(11), "a".repeat(129), "密".repeat(129)}) {
            var inv = fx.invite();
            assertThatThrownBy(() -> users.acceptInvitation(inv.token(), tooShortOrLong))
                    .as("%d code points", tooShortOrLong.codePointCount(0, tooShortOrLong.length()))
                    .isInstanceOfSatisfying(InvalidInputException.class, e ->
                            assertThat(e.errors()).singleElement().satisfies(f -> assertThat(f.field()).isEqualTo("password")));
            // nothing was used up: the invitation can still be accepted
            assertThat(users.inspectInvitation(inv.token()).email()).isEqualTo(inv.email());
        }
        for (String ok : new String[]{"a".repeat(12), emoji.repeat(12), "b".repeat(128), emoji.repeat(128)}) {
            var inv = fx.invite();
            users.acceptInvitation(inv.token(), ok);
            assertThat(Api.basic(baseUrl(), inv.email(), ok).get("/api/v1/me").status())
                    .as("%d code points", ok.codePointCount(0, ok.length())).isEqualTo(200);
        }
    }

    @Test
    void anInvitationIsSingleUse() {
        var inv = fx.invite();
        users.acceptInvitation(inv.token(), "First-Password-2026");
        assertThatThrownBy(() -> users.acceptInvitation(inv.token(), "Second-Password-2026"))
                .isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> users.inspectInvitation(inv.token())).isInstanceOf(ConflictException.class);
        assertThat(Api.basic(baseUrl(), inv.email(), "Second-Password-2026").get("/api/v1/me").status()).isEqualTo(401);
        assertThat(Api.basic(baseUrl(), inv.email(), "First-Password-2026").get("/api/v1/me").status()).isEqualTo(200);
    }

    @Test
    void anExpiredInvitationIsRefused() {
        var inv = fx.invite();
        assertThat(users.inspectInvitation(inv.token())).as("valid on the day it is sent").isNotNull();
        try {
            clock.advance(Duration.ofHours(72).minusMinutes(1)); // invitations are valid for 72 hours
            assertThat(users.inspectInvitation(inv.token())).as("a minute before it runs out").isNotNull();
            clock.advance(Duration.ofMinutes(1).plusSeconds(1));
            assertThatThrownBy(() -> users.inspectInvitation(inv.token())).isInstanceOf(ConflictException.class);
            assertThatThrownBy(() -> users.acceptInvitation(inv.token(), "Late-Password-2026"))
                    .isInstanceOf(ConflictException.class);
        } finally {
            clock.reset();
        }
        assertThat(value("select count(*) from app_users where lower(email) = lower(?)", inv.email())).isEqualTo(0L);
    }

    @Test
    void anExpiredInvitationLeavesThePendingListOnTheApplicationsClock() {
        var inv = fx.invite();
        try {
            clock.advance(Duration.ofHours(72).minusMinutes(1));
            assertThat(signedIn.as(inv.tenant().adminEmail(), () -> users.pendingInvitations()))
                    .as("a minute before it runs out").extracting(i -> i.email()).contains(inv.email());
            clock.advance(Duration.ofMinutes(1).plusSeconds(1));
            assertThat(signedIn.as(inv.tenant().adminEmail(), () -> users.pendingInvitations()))
                    .as("72 hours after it was sent").extracting(i -> i.email()).doesNotContain(inv.email());
        } finally {
            clock.reset();
        }
    }

    @Test
    void anUnknownTokenIsNotFound() {
        assertThatThrownBy(() -> users.inspectInvitation("no-such-token")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> users.acceptInvitation(SecretTokens.newToken(""), "Some-Password-2026"))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> users.acceptInvitation("", "Some-Password-2026")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void anInvitationIsValid72HoursAndStoredOnlyAsItsSha256() {
        var inv = fx.invite();
        assertThat(inv.link().expiresAt()).isCloseTo(clock.instant().plus(Duration.ofHours(72)), within(Duration.ofMinutes(1)));
        Object validity = value("select extract(epoch from expires_at - created_at) from invitations where id = ?",
                inv.link().invitationId().value());
        assertThat(((Number) validity).doubleValue()).isCloseTo(72 * 3600, org.assertj.core.data.Offset.offset(60.0));

        byte[] stored = (byte[]) value("select token_hash from invitations where id = ?", inv.link().invitationId().value());
        assertThat(stored).hasSize(32).isEqualTo(SecretTokens.sha256(inv.token()));
        assertThat(inv.token()).hasSizeGreaterThanOrEqualTo(43); // 256 random bits, base64url

        // issue 11: the invitation mail goes out directly after commit, so no table (mail_outbox included) holds a
        // trace of the raw token (it used to sit in mail_outbox.body until sent)
        assertThat(SecurityFixtures.whereInTheDatabase(inv.token())).isEmpty();
    }
}
