package com.gpuquote.commercial;

import java.util.Locale;
import java.util.Optional;

/** How a price is charged. SPOT is a per-hour price like HOURLY, but preemptible. */
public enum BillingMode {
    HOURLY,
    MONTHLY,
    YEARLY,
    SPOT;

    /** Case-insensitive, trimmed lookup; empty for unknown values. */
    public static Optional<BillingMode> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String normalized = value.trim().toUpperCase(Locale.ROOT);
        for (BillingMode mode : values()) {
            if (mode.name().equals(normalized)) {
                return Optional.of(mode);
            }
        }
        return Optional.empty();
    }
}
