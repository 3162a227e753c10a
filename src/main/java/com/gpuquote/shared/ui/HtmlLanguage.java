package com.gpuquote.shared.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.server.ServiceInitEvent;
import com.vaadin.flow.server.VaadinServiceInitListener;
import org.springframework.stereotype.Component;

import java.util.Locale;

/**
 * {@code <html lang>} follows the language the UI runs in (issue 12): screen readers pick their voice, browsers their
 * hyphenation and translation offers from it. Set after every navigation, so a language switch (which reloads) and
 * the customer portal (the customer's language) are covered.
 */
@Component
class HtmlLanguage implements VaadinServiceInitListener {

    @Override
    public void serviceInit(ServiceInitEvent event) {
        event.getSource().addUIInitListener(init -> {
            UI ui = init.getUI();
            ui.addAfterNavigationListener(nav -> apply(ui));
        });
    }

    static void apply(UI ui) {
        Locale locale = ui.getLocale();
        String tag = locale == null || locale.getLanguage().isEmpty() ? "zh-CN"
                : "zh".equals(locale.getLanguage()) ? "zh-CN" : locale.getLanguage();
        ui.getPage().executeJs("document.documentElement.lang = $0", tag);
    }
}
