package com.gpuquote.shared.time;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The one business calendar: resellers, their customers and quotes live in China time (Asia/Shanghai), whatever
 * zone the server or a CI machine runs in. Calendar days (validity, effective dates, report windows) are days here.
 */
public final class BusinessCalendar {
    public static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

    private BusinessCalendar() {
    }

    /** Today in the business zone, read from the given clock (inject the application's {@link Clock} bean). */
    public static LocalDate today(Clock clock) {
        return LocalDate.now(clock.withZone(ZONE));
    }

    /** The first instant of a business day. */
    public static Instant startOfDay(LocalDate day) {
        return day.atStartOfDay(ZONE).toInstant();
    }

    /** The business day an instant falls on. */
    public static LocalDate dayOf(Instant at) {
        return at.atZone(ZONE).toLocalDate();
    }
}
