package com.gpuquote.pricing;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a list published from {@code from} goes in its provider's timeline: it is in force from {@code from} until
 * {@code to} (the start of a list already scheduled later; null: open-ended), and the list in force at {@code from},
 * if any, is cut there ({@code cut}). Pure: the service reads the timeline under a per-provider lock and applies it.
 */
public record PublishWindow(Instant from, @Nullable Instant to, Optional<PriceList> cut) {

    /** Two versions of a provider cannot start at the same instant. */
    public static final class SameStartException extends RuntimeException {
        private final transient PriceList existing;

        SameStartException(PriceList existing) {
            super("Version " + existing.version() + " already starts at " + existing.effectiveFrom());
            this.existing = existing;
        }

        public PriceList existing() {
            return existing;
        }
    }

    /**
     * @param published the provider's published lists whose window has not ended by {@code from}, by start
     * @throws SameStartException when one of them starts exactly at {@code from}
     */
    public static PublishWindow place(Instant from, List<PriceList> published) {
        PriceList cut = null;
        Instant to = null;
        for (PriceList other : published) {
            if (other.effectiveFrom().equals(from)) {
                throw new SameStartException(other);
            }
            if (other.effectiveFrom().isBefore(from)) {
                cut = other;
            } else if (to == null || other.effectiveFrom().isBefore(to)) {
                to = other.effectiveFrom();
            }
        }
        return new PublishWindow(from, to, Optional.ofNullable(cut));
    }
}
