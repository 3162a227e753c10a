package com.gpuquote.quote;

import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.I18n;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A tenant's terms template (issue 16): payment terms, delivery, SLA and validity, in Chinese and in English. A quote
 * prints the sections of its customer's language that are filled in, each under its heading; English sections left
 * empty fall back to the Chinese ones rather than printing nothing.
 */
public record QuoteTerms(@Nullable QuoteTermsId id, String name, Sections zh, Sections en, boolean isDefault) {

    public static final int MAX_NAME = 100;
    public static final int MAX_SECTION = 2000;

    public record Sections(String payment, String delivery, String sla, String validity) {
        public Sections {
            payment = blankToNull(payment);
            delivery = blankToNull(delivery);
            sla = blankToNull(sla);
            validity = blankToNull(validity);
        }

        public static Sections empty() {
            return new Sections(null, null, null, null);
        }

        List<String> values() {
            List<String> v = new ArrayList<>();
            v.add(payment);
            v.add(delivery);
            v.add(sla);
            v.add(validity);
            return v;
        }

        boolean isEmpty() {
            return values().stream().allMatch(java.util.Objects::isNull);
        }
    }

    public static final List<String> SECTIONS = List.of("payment", "delivery", "sla", "validity");

    public QuoteTerms {
        zh = zh == null ? Sections.empty() : zh;
        en = en == null ? Sections.empty() : en;
    }

    /** The document text in {@code locale}: "付款条件：…" one section per paragraph. */
    public String render(Locale locale) {
        boolean english = "en".equals(locale.getLanguage());
        List<String> own = (english ? en : zh).values();
        List<String> fallback = zh.values();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < SECTIONS.size(); i++) {
            String text = own.get(i) != null ? own.get(i) : fallback.get(i);
            if (text != null) {
                out.add(I18n.get(locale, "shared.label", I18n.get(locale, "quote.terms." + SECTIONS.get(i))) + text);
            }
        }
        return String.join("\n", out);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
