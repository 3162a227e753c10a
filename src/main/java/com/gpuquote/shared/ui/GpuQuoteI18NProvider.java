package com.gpuquote.shared.ui;

import com.gpuquote.shared.I18n;
import com.vaadin.flow.i18n.I18NProvider;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Locale;

@Component
public class GpuQuoteI18NProvider implements I18NProvider {

    @Override
    public List<Locale> getProvidedLocales() {
        return I18n.LOCALES;
    }

    @Override
    public String getTranslation(String key, Locale locale, Object... params) {
        return I18n.get(locale, key, params);
    }
}
