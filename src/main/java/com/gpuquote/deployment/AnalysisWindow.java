package com.gpuquote.deployment;

import com.gpuquote.shared.InvalidInputException;

import java.time.Duration;
import java.time.Instant;

/** The time window of an analysis: [from, to). At most {@value #MAX_DAYS} days. */
public record AnalysisWindow(Instant from, Instant to) {

    public static final int MAX_DAYS = 366;

    public AnalysisWindow {
        if (from == null || to == null || !from.isBefore(to)) {
            throw InvalidInputException.of("to", "order", "the window must end after it starts");
        }
        if (Duration.between(from, to).toDays() > MAX_DAYS) {
            throw InvalidInputException.of("days", "range", "the window is at most " + MAX_DAYS + " days");
        }
    }

    /** The last {@code days} days up to {@code now}. */
    public static AnalysisWindow lastDays(int days, Instant now) {
        if (days < 1 || days > MAX_DAYS) {
            throw InvalidInputException.of("days", "range", "days must be between 1 and " + MAX_DAYS);
        }
        return new AnalysisWindow(now.minus(Duration.ofDays(days)), now);
    }
}
