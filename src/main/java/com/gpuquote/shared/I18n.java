package com.gpuquote.shared;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.text.Format;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * All UI text, from the per-feature bundles under {@code i18n/} ({@code <feature>.properties} is zh-CN, the default;
 * {@code <feature>_en.properties} is English). Loaded once; files are UTF-8.
 */
public final class I18n {

    public static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;
    public static final Locale ENGLISH = Locale.ENGLISH;
    public static final List<Locale> LOCALES = List.of(CHINESE, ENGLISH);
    /** The language tags stored for customers and tenants (the default first). */
    public static final String CHINESE_TAG = "zh-CN";
    public static final String ENGLISH_TAG = "en";
    public static final List<String> TAGS = List.of(CHINESE_TAG, ENGLISH_TAG);
    /** What a message shows for an argument it was not given (an unknown figure). */
    public static final String MISSING = "–";

    private static final Pattern NUMBERED_ARGUMENT = Pattern.compile("\\{\\s*\\d");
    private static final Logger log = LoggerFactory.getLogger(I18n.class);
    private static final Map<String, Map<String, String>> BY_LANGUAGE = load();

    private I18n() {
    }

    public static Locale supported(Locale locale) {
        return locale != null && "en".equals(locale.getLanguage()) ? ENGLISH : CHINESE;
    }

    /** One of {@link #TAGS}. */
    public static boolean isSupportedTag(String tag) {
        return TAGS.contains(tag);
    }

    public static Locale fromTag(String tag) {
        return tag != null && tag.startsWith("en") ? ENGLISH : CHINESE;
    }

    public static String tag(Locale locale) {
        return supported(locale) == ENGLISH ? ENGLISH_TAG : CHINESE_TAG;
    }

    public static boolean has(String key) {
        return BY_LANGUAGE.get("zh").containsKey(key);
    }

    /** True when the key's pattern has numbered arguments ({0}, {1,number}, …) a caller must supply. */
    public static boolean takesArguments(String key) {
        String pattern = BY_LANGUAGE.get("zh").get(key);
        return pattern != null && NUMBERED_ARGUMENT.matcher(pattern).find();
    }

    public static String get(Locale locale, String key, Object... params) {
        String language = supported(locale) == ENGLISH ? "en" : "zh";
        String pattern = BY_LANGUAGE.get(language).get(key);
        if (pattern == null) {
            pattern = BY_LANGUAGE.get("zh").get(key);
        }
        if (pattern == null) {
            log.warn("Missing message key {}", key);
            return "!" + key;
        }
        // a pattern without numbered arguments is plain text (a single quote is a quote, {name} is the caller's to
        // replace), whatever the caller passes
        return NUMBERED_ARGUMENT.matcher(pattern).find() ? format(pattern, supported(locale), params) : pattern;
    }

    /**
     * Formats a bundle pattern so that it never throws: a missing or null argument shows as {@link #MISSING}
     * whatever its format, and an argument a number, choice or date format cannot take is shown as it is (the
     * format would throw on it, and a null would print "null"). Bundles hold no date or time formats (they would
     * use the JVM's zone): callers format dates in the business zone.
     */
    static String format(String pattern, Locale locale, Object... params) {
        MessageFormat f = new MessageFormat(pattern, locale);
        Format[] formats = f.getFormatsByArgumentIndex();
        Object[] values = new Object[Math.max(formats.length, params.length)];
        for (int i = 0; i < values.length; i++) {
            Object v = i < params.length ? params[i] : null;
            Format format = i < formats.length ? formats[i] : null;
            boolean fits = format == null || (format instanceof NumberFormat && v instanceof Number);
            if (!fits) {
                f.setFormatByArgumentIndex(i, null);
            }
            values[i] = v == null ? MISSING : v;
        }
        return f.format(values);
    }

    private static Map<String, Map<String, String>> load() {
        Map<String, Map<String, String>> result = new HashMap<>();
        result.put("zh", new HashMap<>());
        result.put("en", new HashMap<>());
        try {
            Resource[] resources = new PathMatchingResourcePatternResolver().getResources("classpath*:i18n/*.properties");
            for (Resource r : resources) {
                String name = r.getFilename();
                if (name == null) {
                    continue;
                }
                String language = name.endsWith("_en.properties") ? "en" : "zh";
                Properties p = new Properties();
                try (Reader reader = new InputStreamReader(r.getInputStream(), StandardCharsets.UTF_8)) {
                    p.load(reader);
                }
                p.forEach((k, v) -> result.get(language).put(k.toString(), v.toString()));
            }
        } catch (IOException e) {
            throw new IllegalStateException("Cannot load message bundles", e);
        }
        return result;
    }
}
