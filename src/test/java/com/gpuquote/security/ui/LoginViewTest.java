package com.gpuquote.security.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.login.LoginForm;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

class LoginViewTest extends KaribuTest {

    @Test
    void loginFormIsShownInChineseWithoutError() {
        UI.getCurrent().navigate(LoginView.class);
        LoginForm form = _get(LoginForm.class);
        assertThat(form.isError()).isFalse();
        assertThat(form.getAction()).isEqualTo("login");
        assertThat(i18n(form)).contains("\"username\":\"邮箱\"", "\"submit\":\"登录\"");
    }

    @Test
    void errorParameterShowsTheLoginError() {
        UI.getCurrent().navigate("login", QueryParameters.simple(Map.of("error", "")));
        LoginForm form = _get(LoginForm.class);
        assertThat(form.isError()).isTrue();
        assertThat(i18n(form)).contains("\"title\":\"登录失败\"");
    }

    @Test
    void englishWhenChosen() {
        useLocale(I18n.ENGLISH);
        com.gpuquote.shared.ui.LanguageSwitch.choose(I18n.ENGLISH);
        UI.getCurrent().navigate("login", new QueryParameters(Map.of("throttled", List.of(""))));
        LoginForm form = _get(LoginForm.class);
        assertThat(form.isError()).isTrue();
        assertThat(i18n(form)).contains("\"username\":\"Email\"", "Too many failed logins");
    }

    /** What the browser's login form is told to show (its i18n property). */
    private static String i18n(LoginForm form) {
        Object raw = form.getElement().getPropertyRaw("i18n");
        return raw instanceof elemental.json.JsonValue json ? json.toJson() : String.valueOf(raw);
    }
}
