package com.gpuquote.user.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.Api;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.security.Role;
import com.gpuquote.user.InvitationLink;
import com.gpuquote.user.NewInvitation;
import com.gpuquote.user.UserService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Set;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class AcceptInvitationViewTest extends KaribuTest {

    /** 14 code points, all Chinese: any Unicode is allowed. */
    private static final String CHINESE_PASSWORD = "我的密码是一二三四五六七八";

    @Autowired
    TestTenants testTenants;

    @Autowired
    UserService users;

    @Test
    void inviteeSetsAPasswordCanLogInAndTheLinkThenShowsUsed() {
        var t = testTenants.create();
        String email = "invitee-" + t.tenant().slug() + "@test.example";
        String token = invite(t.adminEmail(), email);

        UI.getCurrent().navigate("invite/" + token);
        assertThat(heading()).isEqualTo("加入 " + t.tenant().name());
        assertThat(_get(TextField.class, s -> s.withId("accept-email")).getValue()).isEqualTo(email);

        _setValue(password(), "short");
        _click(accept());
        assertThat(password().isInvalid()).isTrue();
        assertThat(password().getErrorMessage()).isEqualTo("密码长度须为 12 到 128 个字符");

        _setValue(password(), CHINESE_PASSWORD);
        _setValue(confirm(), CHINESE_PASSWORD + "!");
        _click(accept());
        assertThat(confirm().isInvalid()).isTrue();
        assertThat(confirm().getErrorMessage()).isEqualTo("两次输入的密码不一致");

        _setValue(confirm(), CHINESE_PASSWORD);
        _click(accept());
        assertThat(heading()).isEqualTo("完成！");
        assertThat(_get(Paragraph.class, s -> s.withId("invite-success")).getText()).contains(email);
        assertThat(_get(Anchor.class, s -> s.withId("invite-login-link")).getHref()).isEqualTo("login");
        assertThat(Api.basic(baseUrl(), email, CHINESE_PASSWORD).get("/api/v1/me").status()).isEqualTo(200);

        UI.getCurrent().navigate("invite/" + token);
        assertThat(heading()).isEqualTo("邀请链接已被使用");
        assertThat(_find(PasswordField.class)).isEmpty();
    }

    @Test
    void unknownTokenShowsAClearMessage() {
        UI.getCurrent().navigate("invite/not-a-real-token");
        assertThat(heading()).isEqualTo("邀请链接无效");
        _get(Paragraph.class, s -> s.withId("invite-unknown"));
        assertThat(_find(PasswordField.class)).isEmpty();
    }

    @Test
    void revokedInvitationShowsExpiredMessage() {
        var t = testTenants.create();
        login(t.adminEmail());
        InvitationLink link = users.invite(new NewInvitation("revoked-" + t.tenant().slug() + "@test.example", "R",
                Set.of(Role.CONSULTANT)));
        users.revokeInvitation(link.invitationId());
        logout();
        UI.getCurrent().navigate("invite/" + tokenOf(link));
        assertThat(heading()).isEqualTo("邀请链接已失效");
        _get(Paragraph.class, s -> s.withId("invite-expired"));
    }

    private String invite(String adminEmail, String email) {
        login(adminEmail);
        InvitationLink link = users.invite(new NewInvitation(email, "受邀者", Set.of(Role.CONSULTANT)));
        logout();
        return tokenOf(link);
    }

    private static String tokenOf(InvitationLink link) {
        return link.url().substring(link.url().lastIndexOf("/invite/") + "/invite/".length());
    }

    private static String heading() {
        return _get(H2.class, s -> s.withId("invite-heading")).getText();
    }

    private static PasswordField password() {
        return _get(PasswordField.class, s -> s.withId("invite-password"));
    }

    private static PasswordField confirm() {
        return _get(PasswordField.class, s -> s.withId("invite-confirm"));
    }

    private static Button accept() {
        return _get(Button.class, s -> s.withId("invite-accept"));
    }
}
