package com.gpuquote.deployment;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The date-times utilisation files carry: nvidia-smi's own {@code 2026/11/20 10:15:30.123}, epoch seconds or
 * milliseconds, and the forms Excel re-formats them into on a Chinese-locale system ({@code 2026/11/20 15:15},
 * {@code 2026/11/20 下午 3:15:30}, {@code 2026年11月20日 15:15:30}, a weekday, full-width colons), with or without an
 * offset. Date-times without an offset are in the given zone.
 */
final class Timestamps {

    private static final Pattern DATE_TIME = Pattern.compile(
            "^(\\d{4})[/\\-年](\\d{1,2})[/\\-月](\\d{1,2})日?"
                    + "(?:[ T]+(?:(?:星期|周)[一二三四五六日天]\\s*)?(上午|下午|AM|PM)?\\s*"
                    + "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?\\s*(AM|PM|上午|下午)?)"
                    + "\\s*(Z|[+\\-]\\d{2}:?\\d{2})?$", Pattern.CASE_INSENSITIVE);
    private static final Pattern EPOCH = Pattern.compile("^\\d{9,13}(\\.\\d+)?$");

    private final ZoneId zone;

    Timestamps(ZoneId zone) {
        this.zone = zone;
    }

    /** Epoch milliseconds of a date-time in the formats above, or null. */
    @Nullable Long parse(String raw) {
        String s = raw.strip().replace('：', ':').replace('／', '/');
        if (s.isEmpty()) {
            return null;
        }
        int len = s.length();
        // fast path: nvidia-smi's own "2026/11/20 10:15:30.123"
        if (len == 23 && s.charAt(4) == '/' && s.charAt(7) == '/' && s.charAt(10) == ' ' && s.charAt(13) == ':'
                && s.charAt(16) == ':' && s.charAt(19) == '.') {
            try {
                LocalDateTime t = LocalDateTime.of(num(s, 0, 4), num(s, 5, 7), num(s, 8, 10), num(s, 11, 13),
                        num(s, 14, 16), num(s, 17, 19), num(s, 20, 23) * 1_000_000);
                return t.atZone(zone).toInstant().toEpochMilli();
            } catch (DateTimeException | NumberFormatException e) {
                return null;
            }
        }
        if (EPOCH.matcher(s).matches()) {
            double v = Double.parseDouble(s);
            return s.indexOf('.') < 0 && s.length() == 13 ? (long) v : Math.round(v * 1000);
        }
        Matcher m = DATE_TIME.matcher(s);
        if (!m.matches()) {
            return null;
        }
        try {
            int hour = Integer.parseInt(m.group(5));
            String ampm = m.group(4) != null ? m.group(4) : m.group(9);
            if (ampm != null) {
                boolean pm = ampm.equalsIgnoreCase("PM") || ampm.equals("下午");
                if (hour < 1 || hour > 12) {
                    return null;
                }
                hour = hour % 12 + (pm ? 12 : 0);
            }
            int nanos = 0;
            if (m.group(8) != null) {
                String frac = (m.group(8) + "000000000").substring(0, 9);
                nanos = Integer.parseInt(frac);
            }
            LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), hour, Integer.parseInt(m.group(6)),
                    m.group(7) == null ? 0 : Integer.parseInt(m.group(7)), nanos);
            String offset = m.group(10);
            Instant at = offset == null ? t.atZone(zone).toInstant()
                    : t.toInstant(offset.equalsIgnoreCase("Z") ? ZoneOffset.UTC
                    : ZoneOffset.of(offset.length() == 5 ? offset.substring(0, 3) + ":" + offset.substring(3) : offset));
            return at.toEpochMilli();
        } catch (DateTimeException | NumberFormatException e) {
            return null;
        }
    }

    /** A Prometheus exposition timestamp (ms since the epoch), or null when it is no number a long can hold. */
    static @Nullable Long exposition(String raw) {
        String digits = raw.startsWith("-") ? raw.substring(1) : raw;
        if (!SampleLines.isInt(digits)) {
            return null;
        }
        return Long.parseLong(raw);
    }

    private static int num(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException(s);
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
