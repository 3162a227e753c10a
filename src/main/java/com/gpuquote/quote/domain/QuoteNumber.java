package com.gpuquote.quote.domain;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A quote number {@code Q-2026-0001}: year and a per-tenant, per-year gapless sequence (the counter itself
 * lives in SQL). The sequence is padded to at least 4 digits and may grow beyond 9999.
 */
public record QuoteNumber(int year, int sequence) {

    private static final Pattern FORMAT = Pattern.compile("Q-(\\d{4})-(\\d{4,9})");

    public QuoteNumber {
        if (year < 2000 || year > 9999) {
            throw new IllegalArgumentException("year out of range: " + year);
        }
        if (sequence < 1) {
            throw new IllegalArgumentException("sequence must be ≥ 1: " + sequence);
        }
    }

    public static QuoteNumber parse(String text) {
        Matcher m = FORMAT.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a quote number: " + text);
        }
        return new QuoteNumber(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    @Override
    public String toString() {
        return String.format("Q-%04d-%04d", year, sequence);
    }
}
