package com.gpuquote.shared;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Version 7 UUIDs (RFC 9562 §5.7): the Unix time in milliseconds in the first 48 bits, then 74 random bits. Rows
 * written in bulk (quotes, their options and lines) take these ids so that their primary-key btrees grow at the right
 * edge: with random (version 4) ids each of a 100-line quote's rows lands on a different leaf page of a large index,
 * which PostgreSQL must read and write again, with a full-page image in the WAL after every checkpoint (issue 18,
 * docs/benchmarks.md: 100 lines into a 760,000-row quote_lines took 6–9 ms with random ids, 2.5–4 ms with
 * time-ordered ones). Unique without coordination like version 4 (74 random bits per millisecond); the time they
 * reveal is the creation time, which the rows store anyway.
 */
public final class TimeOrderedUuid {

    private static final SecureRandom RANDOM = new SecureRandom();

    private TimeOrderedUuid() {
    }

    public static UUID next() {
        return at(System.currentTimeMillis(), RANDOM.nextLong(), RANDOM.nextLong());
    }

    static UUID at(long unixMillis, long randomA, long randomB) {
        long msb = (unixMillis & 0xFFFF_FFFF_FFFFL) << 16   // 48 bits of milliseconds
                | 0x7000L                                   // version 7
                | (randomA & 0x0FFFL);                      // 12 random bits
        long lsb = 0x8000_0000_0000_0000L                   // variant 10
                | (randomB & 0x3FFF_FFFF_FFFF_FFFFL);       // 62 random bits
        return new UUID(msb, lsb);
    }
}
