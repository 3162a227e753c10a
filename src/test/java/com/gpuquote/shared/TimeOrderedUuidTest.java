package com.gpuquote.shared;

import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

@CalendarTest
class TimeOrderedUuidTest {

    @Test
    void layoutIsRfc9562Version7WithTheMillisecondsFirst() {
        long millis = Instant.parse("2026-12-04T23:00:00.123Z").toEpochMilli();
        UUID id = TimeOrderedUuid.at(millis, -1L, -1L);
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2); // RFC 4122/9562 variant, as UUID.randomUUID()
        // the first 12 hex digits are the big-endian milliseconds
        assertThat(id.toString().replace("-", "").substring(0, 12))
                .isEqualTo(String.format("%012x", millis));
        assertThat(id.toString()).isEqualTo(String.format("%08x-%04x-7fff-bfff-ffffffffffff",
                millis >>> 16, millis & 0xFFFF));
    }

    @Test
    void laterIdsSortAfterEarlierOnesAsPostgresComparesThem() {
        // PostgreSQL orders uuid by unsigned bytes, which is the order of the lower-case text
        long t = Instant.parse("2026-12-04T23:00:00Z").toEpochMilli();
        UUID earlierMaxRandom = TimeOrderedUuid.at(t, -1L, -1L);
        UUID laterMinRandom = TimeOrderedUuid.at(t + 1, 0L, 0L);
        assertThat(laterMinRandom.toString()).isGreaterThan(earlierMaxRandom.toString());
    }

    @Test
    void freshIdsAreDistinctWithinOneMillisecondAndCarryTheCurrentTime() {
        long before = System.currentTimeMillis();
        Set<UUID> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(TimeOrderedUuid.next());
        }
        long after = System.currentTimeMillis();
        assertThat(ids).hasSize(10_000);
        for (UUID id : ids) {
            long millis = id.getMostSignificantBits() >>> 16;
            assertThat(millis).isBetween(before, after);
        }
    }
}
