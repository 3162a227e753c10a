package com.gpuquote.pricing;

import java.util.Locale;
import java.util.Optional;

/**
 * What an imported CSV does to a draft. {@link #REPLACE}: the file becomes the whole list (rows not in it are
 * deleted). {@link #UPSERT}: the file's rows are added or their prices updated; no row is deleted (for partial files).
 */
public enum ImportMode {
    REPLACE,
    UPSERT;

    /** Case-insensitive; empty for unknown values. */
    public static Optional<ImportMode> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(value.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
