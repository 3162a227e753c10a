package com.gpuquote.shared;

import com.gpuquote.shared.time.BusinessCalendar;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The input rules every feature shares, the same ones the database enforces (ADR 1102). The REST edge applies the
 * text, number and date rules to every JSON body ({@code shared.web.InputJsonConfiguration}); services apply the
 * e-mail rule and their field lengths with these methods, so a value the database would refuse is a 400 naming
 * the field, never a 500.
 */
public final class InputRules {

    /**
     * Dates and instants outside this window are typing mistakes or probes (year 0, 9999, 10000, 99999, −4714 stored
     * as -infinity, +294277 beyond PostgreSQL's range): our policy. It is the technical bound every date must meet;
     * features may set tighter business limits (a deployment not in the future, a quote valid at most a year).
     */
    public static final LocalDate EARLIEST_DATE = LocalDate.of(1900, 1, 1);
    public static final LocalDate LATEST_DATE = LocalDate.of(2999, 12, 31);

    /**
     * Every number in a JSON body must fit {@code NUMERIC(19,4)} (unit prices), which also fits {@code NUMERIC(19,2)}
     * (amounts): at most 15 digits before the decimal point.
     */
    public static final int MAX_INTEGER_DIGITS = 15;

    /** The longest text any column takes (quote notes, questions); shorter columns check their own length. */
    public static final int MAX_TEXT_LENGTH = 10_000;

    private InputRules() {
    }

    /**
     * Why {@code text} is unacceptable, or empty: no NUL or other control characters (PostgreSQL refuses NUL; the
     * others are invisible), except tab, line feed and carriage return, which multi-line fields keep.
     */
    public static Optional<String> textProblem(String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            return Optional.of("at most " + MAX_TEXT_LENGTH + " characters");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7f && c <= 0x9f);
            if (control) {
                return Optional.of("must not contain control characters (found U+%04X)".formatted((int) c));
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++; // a valid pair (e.g. an emoji)
            } else if (Character.isSurrogate(c)) {
                return Optional.of("must not contain unpaired surrogates");
            }
        }
        return Optional.empty();
    }

    /** True for a single-line text: clean, and no line breaks or tabs. */
    public static boolean isSingleLine(String text) {
        return text == null || (textProblem(text).isEmpty() && text.chars().noneMatch(c -> c == '\n' || c == '\r' || c == '\t'));
    }

    /**
     * The one e-mail rule, as strict as the database's {@code email ~ '^[^@\s]+@[^@\s]+$'} whose {@code \s} is
     * Unicode-aware (U+3000, U+2003 ... are spaces there, not in Java's {@code \s}), plus a dot in the domain, at most
     * 254 characters (RFC 5321), and clean text.
     */
    public static boolean isEmail(String email) {
        if (email == null || email.isEmpty() || email.length() > 254 || textProblem(email).isPresent()) {
            return false;
        }
        int at = email.indexOf('@');
        if (at <= 0 || at != email.lastIndexOf('@') || at == email.length() - 1) {
            return false;
        }
        for (int i = 0; i < email.length(); i++) {
            char c = email.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085' || c == '\u200b'
                    || c == '\u2060' || c == '\ufeff' || Character.isISOControl(c)) {
                return false;
            }
        }
        String domain = email.substring(at + 1);
        int dot = domain.lastIndexOf('.');
        return dot > 0 && dot < domain.length() - 1;
    }

    /** Fits the money columns ({@code NUMERIC(19,4)} and {@code NUMERIC(19,2)}). */
    public static boolean fitsMoney(BigDecimal value) {
        return value == null || value.precision() - value.scale() <= MAX_INTEGER_DIGITS;
    }

    public static boolean inWindow(LocalDate day) {
        return day == null || (!day.isBefore(EARLIEST_DATE) && !day.isAfter(LATEST_DATE));
    }

    public static boolean inWindow(Instant at) {
        return at == null || inWindow(BusinessCalendar.dayOf(at));
    }

    public static String windowText() {
        return "between " + EARLIEST_DATE + " and " + LATEST_DATE;
    }

    /**
     * An ISO-8601 instant where a start date or time is asked: a date-time with offset ({@code 2030-01-01T08:00:00Z}),
     * a local date-time or a plain date ({@code 2030-01-01}), the latter two in the business time zone (a plain date is
     * the start of that day). Empty when it is none of these.
     */
    public static Optional<Instant> parseStart(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String s = text.strip();
        try {
            return Optional.of(OffsetDateTime.parse(s).toInstant());
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return Optional.of(Instant.parse(s));
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return Optional.of(LocalDateTime.parse(s).atZone(BusinessCalendar.ZONE).toInstant());
        } catch (DateTimeParseException ignored) {
            // next form
        }
        try {
            return Optional.of(BusinessCalendar.startOfDay(LocalDate.parse(s)));
        } catch (DateTimeParseException ignored) {
            return Optional.empty();
        }
    }
}
