package com.gpuquote.shared;

import com.gpuquote.notification.NotificationService;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.text.Format;
import java.text.MessageFormat;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every key of every bundle (zh-CN and English) rendered through {@link I18n} as the views and the REST answers
 * render it: with a sample value for each argument, with each argument missing in turn, and with none given. None
 * may throw, print "null" or a raw placeholder, lose a sample value (a stray single quote swallows text), or show a
 * missing figure as anything but a dash.
 */
class BundleRenderingTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\s*\\d");
    private static final Pattern DATE_FORMAT = Pattern.compile("\\{\\s*\\d+\\s*,\\s*(date|time)");
    private static final Pattern NAMED = Pattern.compile("\\{([A-Za-z]+)}");

    record Entry(String file, String key, String pattern, Locale locale) {
        @Override
        public String toString() {
            return file + ": " + key + "=" + pattern;
        }
    }

    private static List<Entry> entries() throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (Resource r : new PathMatchingResourcePatternResolver().getResources("classpath*:i18n/*.properties")) {
            String file = r.getFilename();
            Locale locale = file != null && file.endsWith("_en.properties") ? I18n.ENGLISH : I18n.CHINESE;
            Properties p = new Properties();
            try (Reader reader = new InputStreamReader(r.getInputStream(), StandardCharsets.UTF_8)) {
                p.load(reader);
            }
            p.forEach((k, v) -> entries.add(new Entry(file, k.toString(), v.toString(), locale)));
        }
        return entries;
    }

    /** A value each argument's format takes; plain arguments get a text marker the result must contain. */
    private static Object[] samples(Format[] formats, String pattern) {
        Object[] values = new Object[formats.length];
        for (int i = 0; i < formats.length; i++) {
            values[i] = !Pattern.compile("\\{\\s*" + i + "\\s*[,}]").matcher(pattern).find() ? null
                    : formats[i] instanceof NumberFormat ? (Object) 2
                    : "«a" + i + "»";
        }
        return values;
    }

    /**
     * What is wrong with one rendering, or null: the text markers among the first {@code given} values must be in
     * it, and a dash when an argument is missing.
     */
    private static String problem(String rendered, Object[] values, int given, boolean missing) {
        if (rendered.contains("null") || rendered.startsWith("!") || PLACEHOLDER.matcher(rendered).find()
                || NAMED.matcher(rendered).find()) {
            return "garbled: " + rendered;
        }
        for (int j = 0; j < values.length; j++) {
            if (j < given && values[j] instanceof String marker
                    && !rendered.contains(marker)) {
                return "lost " + marker + ": " + rendered;
            }
        }
        if (missing && !rendered.contains(I18n.MISSING)) {
            return "no dash for the missing argument: " + rendered;
        }
        return null;
    }

    private static void check(List<String> problems, Entry e, String what, Supplier<String> render, Object[] values,
                              int given, boolean missing) {
        try {
            String p = problem(render.get(), values, given, missing);
            if (p != null) {
                problems.add(e + " " + what + " → " + p);
            }
        } catch (RuntimeException ex) {
            problems.add(e + " " + what + " → " + ex);
        }
    }

    @Test
    void everyMessageRendersWithSampleAndWithMissingArguments() throws IOException {
        List<Entry> entries = entries();
        assertThat(entries).hasSizeGreaterThan(1000);
        List<String> problems = new ArrayList<>();
        int numbered = 0;
        int named = 0;
        for (Entry e : entries) {
            if (NAMED.matcher(e.pattern()).find()) {
                named++;
                checkNamed(problems, e);
            } else if (!PLACEHOLDER.matcher(e.pattern()).find()) {
                // plain text: shown as written, so a doubled quote would show doubled
                if (!I18n.get(e.locale(), e.key(), "x").equals(e.pattern()) || e.pattern().contains("''")) {
                    problems.add(e + " → plain text not shown as written");
                }
            } else {
                numbered++;
                checkNumbered(problems, e);
            }
        }
        assertThat(problems).isEmpty();
        assertThat(numbered).isGreaterThan(300);
        assertThat(named).isGreaterThan(10);
    }

    private static void checkNumbered(List<String> problems, Entry e) {
        if (DATE_FORMAT.matcher(e.pattern()).find()) {
            problems.add(e + " → a date or time format would use the JVM's zone: format the date in the business zone");
        }
        if (e.pattern().replace("''", "").contains("'")) {
            problems.add(e + " → a single quote in a pattern with arguments must be written ''");
        }
        Format[] formats;
        try {
            formats = new MessageFormat(e.pattern(), e.locale()).getFormatsByArgumentIndex();
        } catch (IllegalArgumentException ex) {
            problems.add(e + " → " + ex);
            return;
        }
        Object[] values = samples(formats, e.pattern());
        check(problems, e, "with samples", () -> I18n.get(e.locale(), e.key(), values), values, values.length,
                false);
        for (int i = 0; i < values.length; i++) {
            if (!e.pattern().contains("{" + i)) {
                continue;
            }
            Object[] missing = values.clone();
            missing[i] = null;
            Object[] others = values.clone();
            others[i] = "–";
            check(problems, e, "without argument " + i, () -> I18n.get(e.locale(), e.key(), missing), others,
                    values.length, true);
            Object[] shorter = Arrays.copyOf(values, i);
            check(problems, e, "given " + i + " arguments", () -> I18n.get(e.locale(), e.key(), shorter), values, i,
                    true);
        }
        // a text where a number format stands (a caller's preformatted figure) is shown as it is
        Object[] texts = new Object[values.length];
        Arrays.fill(texts, "x7");
        check(problems, e, "with text arguments", () -> I18n.get(e.locale(), e.key(), texts), texts, 0, false);
    }

    /** Notifications name their parameters ({customer}); they are rendered by the notification service. */
    private static void checkNamed(List<String> problems, Entry e) {
        if (!e.key().startsWith("notification.kind.")) {
            problems.add(e + " → {name} parameters are only filled in for notification.kind.*");
            return;
        }
        String kind = e.key().substring("notification.kind.".length());
        List<String> names = NAMED.matcher(e.pattern()).results().map(m -> m.group(1)).distinct().toList();
        Map<String, String> params = new LinkedHashMap<>();
        Object[] values = new Object[names.size()];
        for (int i = 0; i < names.size(); i++) {
            values[i] = "«a" + i + "»";
            params.put(names.get(i), (String) values[i]);
        }
        String pattern = e.pattern();
        check(problems, e, "with samples", () -> NotificationService.render(e.locale(), kind, params), values,
                values.length, false);
        for (int i = 0; i < names.size(); i++) {
            Map<String, String> missing = new LinkedHashMap<>(params);
            missing.remove(names.get(i));
            Object[] others = values.clone();
            others[i] = "–";
            check(problems, e, "without " + names.get(i), () -> NotificationService.render(e.locale(), kind, missing),
                    others, values.length, true);
        }
        if (!pattern.contains("{")) {
            problems.add(e + " → no parameter");
        }
    }

    @Test
    void aMissingFigureIsADashInEitherLanguage() {
        // the verdict of a deployment without host samples: no RAM figure, no price in force
        String en = I18n.get(I18n.ENGLISH, "deployment.verdict.VRAM_SHORT.UPGRADE", "95.5", "96.0", "27.5", "ecs.x",
                "48.0", 1, 8000, "CNY", null, null);
        assertThat(en).isEqualTo("VRAM used p95 95.5 % (max 96.0 %). 1 × ecs.x with 48.0 GiB per GPU holds the observed"
                + " peak plus 25 % (27.5 GiB per GPU) for 8,000.00 CNY per month (– CNY a month against today).");
        String zh = I18n.get(I18n.CHINESE, "deployment.verdict.OK.NONE", "50.0", null, "40.0", "活动度");
        assertThat(zh).isEqualTo("在阈值范围内：显存使用 p95 50.0%，主机内存使用 p95 –%，活动度 p95 40.0%。");
    }
}
