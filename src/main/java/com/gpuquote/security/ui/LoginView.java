package com.gpuquote.security.ui;

import com.gpuquote.shared.ui.LanguageSwitch;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.login.LoginForm;
import com.vaadin.flow.component.login.LoginI18n;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.HasDynamicTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.auth.AnonymousAllowed;

@Route(value = "login", autoLayout = false)
@AnonymousAllowed
public class LoginView extends VerticalLayout implements BeforeEnterObserver, HasDynamicTitle {

    private final LoginForm login = new LoginForm();
    private final Paragraph hint = new Paragraph();

    public LoginView() {
        addClassName("login-view");
        setSizeFull();
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        LanguageSwitch.applySessionLocale();
        login.setAction("login");
        login.setForgotPasswordButtonVisible(false);
        login.setI18n(i18n());
        hint.addClassName("login-hint");
        hint.setText(getTranslation("login.gibHint"));
        H1 title = new H1("GpuQuote");
        title.addClassName("login-title");
        add(title, new Paragraph(getTranslation("login.tagline")), login, new LanguageSwitch(), hint);
    }

    private LoginI18n i18n() {
        LoginI18n i18n = LoginI18n.createDefault();
        LoginI18n.Form form = i18n.getForm();
        form.setTitle(getTranslation("login.title"));
        form.setUsername(getTranslation("login.email"));
        form.setPassword(getTranslation("login.password"));
        form.setSubmit(getTranslation("login.submit"));
        LoginI18n.ErrorMessage error = i18n.getErrorMessage();
        error.setTitle(getTranslation("login.error.title"));
        error.setMessage(getTranslation("login.error.message"));
        error.setUsername(getTranslation("login.error.username"));
        error.setPassword(getTranslation("login.error.password"));
        return i18n;
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        var params = event.getLocation().getQueryParameters().getParameters();
        if (params.containsKey("throttled")) {
            LoginI18n i18n = i18n();
            i18n.getErrorMessage().setMessage(getTranslation("login.error.throttled"));
            login.setI18n(i18n);
            login.setError(true);
        } else if (params.containsKey("error")) {
            login.setError(true);
        }
    }

    @Override
    public String getPageTitle() {
        return getTranslation("login.title") + " | GpuQuote";
    }
}
