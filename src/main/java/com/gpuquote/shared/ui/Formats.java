package com.gpuquote.shared.ui;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * How views show times: always China time (Asia/Shanghai), the zone of the resellers, their customers and the quotes'
 * calendar days, whatever zone the server runs in; minutes precision.
 */
public final class Formats {
    public static final ZoneId ZONE = com.gpuquote.shared.time.BusinessCalendar.ZONE;
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZONE);
    private static final DateTimeFormatter DATE_TIME_SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZONE);

    /** China time, the zone of quotes and their customers, whatever the server's zone. */
    public static final ZoneId CHINA = ZONE;
    private static final DateTimeFormatter CHINA_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(CHINA);
    private static final DateTimeFormatter CHINA_DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(CHINA);

    private Formats() {
    }

    /** The day of an instant in China time, {@code 2026-03-01}. */
    public static String chinaDate(Instant at) {
        return at == null ? "" : CHINA_DATE.format(at);
    }

    /** An instant in China time to the minute, {@code 2026-03-01 08:30}. */
    public static String chinaDateTime(Instant at) {
        return at == null ? "" : CHINA_DATE_TIME.format(at);
    }

    public static String dateTime(Instant at) {
        return at == null ? "" : DATE_TIME.format(at);
    }

    public static String dateTimeSeconds(Instant at) {
        return at == null ? "" : DATE_TIME_SECONDS.format(at);
    }

    /** The first instant of a day. */
    public static Instant startOf(LocalDate day) {
        return day == null ? null : day.atStartOfDay(ZONE).toInstant();
    }

    /** The first instant after a day, for inclusive "to" dates. */
    public static Instant endOf(LocalDate day) {
        return day == null ? null : day.plusDays(1).atStartOfDay(ZONE).toInstant();
    }
}
