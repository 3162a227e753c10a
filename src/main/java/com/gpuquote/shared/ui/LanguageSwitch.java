package com.gpuquote.shared.ui;

import com.gpuquote.shared.I18n;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.server.VaadinSession;

import java.util.Locale;

/**
 * zh-CN / English switch; the choice is kept for the session and applied to every view. Lives in {@code shared.ui}
 * because both the login view (security) and the main layout (layout) show it; in layout it made a package cycle.
 */
public class LanguageSwitch extends Select<Locale> {

    public static final String SESSION_KEY = "gpuquote.locale";

    public LanguageSwitch() {
        addClassName("language-switch");
        setItems(I18n.LOCALES);
        setItemLabelGenerator(l -> l.equals(I18n.ENGLISH) ? "English" : "中文");
        setAriaLabel("Language / 语言");
        setValue(I18n.supported(UI.getCurrent().getLocale()));
        addValueChangeListener(e -> {
            if (e.isFromClient() && e.getValue() != null) {
                choose(e.getValue());
                UI.getCurrent().getPage().reload();
            }
        });
    }

    public static void choose(Locale locale) {
        VaadinSession session = VaadinSession.getCurrent();
        session.setAttribute(SESSION_KEY, locale);
        session.setLocale(locale);
        UI.getCurrent().setLocale(locale);
    }

    /** The session's choice, else the given default (the tenant's locale after login), else zh-CN. */
    public static Locale applySessionLocale(String defaultTag) {
        VaadinSession session = VaadinSession.getCurrent();
        Object chosen = session == null ? null : session.getAttribute(SESSION_KEY);
        Locale locale = chosen instanceof Locale l ? l : I18n.fromTag(defaultTag);
        if (session != null) {
            session.setLocale(locale);
        }
        UI.getCurrent().setLocale(locale);
        return locale;
    }

    public static Locale applySessionLocale() {
        return applySessionLocale(I18n.CHINESE_TAG);
    }
}
