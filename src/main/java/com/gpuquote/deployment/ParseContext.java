package com.gpuquote.deployment;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the format parsers of one file share: the zone and import instant, the node, the sample limit, the accepted
 * span of instants and the errors collected so far (at most {@link UtilizationParser#MAX_ERRORS}, then a count),
 * with the field readers that report a bad value on its line.
 */
final class ParseContext {

    final Timestamps timestamps;
    final Instant importedAt;
    final String node;
    private final int maxSamples;
    private final long earliest;
    private final long latest;
    private final List<LineError> errors = new ArrayList<>();
    private int moreErrors;
    private boolean limitReported;

    ParseContext(ZoneId zone, Instant importedAt, int maxSamples, String node) {
        this.timestamps = new Timestamps(zone);
        this.importedAt = importedAt;
        this.maxSamples = maxSamples;
        this.node = node;
        this.earliest = importedAt.atZone(ZoneOffset.UTC).minusYears(UtilizationParser.MAX_SAMPLE_AGE_YEARS)
                .toInstant().toEpochMilli();
        this.latest = importedAt.plus(1, ChronoUnit.DAYS).toEpochMilli();
    }

    void error(int line, String code, Object... args) {
        if (errors.size() < UtilizationParser.MAX_ERRORS) {
            errors.add(LineError.of(line, code, args));
        } else {
            moreErrors++;
        }
    }

    /** How many errors were reported so far (listed or counted). */
    int errorCount() {
        return errors.size() + moreErrors;
    }

    boolean hasErrors() {
        return errorCount() > 0;
    }

    /** Every error, the last entry saying how many more there were beyond the listed ones. */
    List<LineError> errors() {
        List<LineError> all = new ArrayList<>(errors);
        if (moreErrors > 0) {
            all.add(LineError.of(0, "moreErrors", moreErrors));
        }
        return all;
    }

    /** True while the file may hold one more sample; the first sample over the limit is reported once. */
    boolean room(int line, UtilizationSamples s) {
        if (s.size() >= maxSamples) {
            if (!limitReported) {
                limitReported = true;
                error(line, "tooManySamples", maxSamples);
            }
            return false;
        }
        return true;
    }

    @Nullable Long timestamp(String raw) {
        return timestamps.parse(raw);
    }

    @Nullable Long timestampOrError(int line, String raw) {
        Long t = timestamps.parse(raw);
        if (t == null) {
            error(line, "timestamp", raw);
        } else if (!inRange(line, t, raw)) {
            return null;
        }
        return t;
    }

    /** True when a sample's instant lies in the accepted span ({@link UtilizationParser#MAX_SAMPLE_AGE_YEARS}); else an error. */
    boolean inRange(int line, long at, String raw) {
        if (at < earliest) {
            error(line, "tooOld", raw, Instant.ofEpochMilli(earliest).toString());
            return false;
        }
        if (at > latest) {
            error(line, "future", raw);
            return false;
        }
        return true;
    }

    int intOrError(int line, String field, String raw, int min, int max) {
        if (!SampleLines.isInt(raw) || Long.parseLong(raw) < min || Long.parseLong(raw) > max) {
            error(line, "integer", field, raw, min, max);
            return -1;
        }
        return Integer.parseInt(raw);
    }

    long longOrError(int line, String field, String raw) {
        if (!SampleLines.isInt(raw)) {
            error(line, "number", field, raw);
            return -1;
        }
        return Long.parseLong(raw);
    }

    /** A memory value in MiB: {@code 1234}, {@code 1234 MiB}. */
    long mibOrError(int line, String field, String raw) {
        String v = raw;
        if (v.regionMatches(true, Math.max(0, v.length() - 3), "MiB", 0, 3)) {
            v = v.substring(0, v.length() - 3).strip();
        }
        if (!SampleLines.isInt(v)) {
            error(line, "number", field, raw);
            return -1;
        }
        return Long.parseLong(v);
    }

    /** A percentage {@code 0–100} with or without {@code %}; a bracketed placeholder ({@code [N/A]}) is absent. */
    float percentOrError(int line, String field, String raw) {
        if (raw.startsWith("[") || raw.equalsIgnoreCase("N/A")) {
            return Float.NaN;
        }
        String v = raw.endsWith("%") || raw.endsWith("％") ? raw.substring(0, raw.length() - 1).strip() : raw;
        try {
            float f = Float.parseFloat(v);
            if (f >= 0 && f <= 100) {
                return f;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        error(line, "percent", field, raw);
        return Float.NaN;
    }
}
