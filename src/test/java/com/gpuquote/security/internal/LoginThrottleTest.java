package com.gpuquote.security.internal;

import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The per-IP throttle on its own, with a clock the test moves. */
@CalendarTest
class LoginThrottleTest {

    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-12-02T10:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }

        void advance(Duration d) {
            now = now.plus(d);
        }
    }

    final MutableClock clock = new MutableClock();
    final LoginThrottle throttle = new LoginThrottle(clock);

    @Test
    void blocksAnAddressAtTheLimitAndOnlyThatAddress() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW - 1; i++) {
            throttle.recordFailure("10.0.0.1");
        }
        assertThat(throttle.isBlocked("10.0.0.1")).isFalse();
        throttle.recordFailure("10.0.0.1");
        assertThat(throttle.isBlocked("10.0.0.1")).isTrue();
        assertThat(throttle.isBlocked("10.0.0.2")).isFalse();
        assertThat(throttle.isBlocked(null)).isFalse();
        throttle.reset(null);
    }

    @Test
    void failuresOlderThanTheWindowNoLongerCount() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("10.0.0.1");
            clock.advance(Duration.ofSeconds(1));
        }
        assertThat(throttle.isBlocked("10.0.0.1")).isTrue();
        clock.advance(LoginThrottle.WINDOW.minusSeconds(LoginThrottle.MAX_FAILURES_PER_WINDOW));
        assertThat(throttle.isBlocked("10.0.0.1")).as("still inside the window of the first failure").isTrue();
        clock.advance(Duration.ofSeconds(2));
        assertThat(throttle.isBlocked("10.0.0.1")).as("the first failures aged out").isFalse();
    }

    @Test
    void theBlockLastsForTheWindowThenLifts() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("10.0.0.9");
        }
        clock.advance(LoginThrottle.WINDOW.minusSeconds(1));
        assertThat(throttle.isBlocked("10.0.0.9")).isTrue();
        clock.advance(Duration.ofSeconds(2));
        assertThat(throttle.isBlocked("10.0.0.9")).isFalse();
    }

    @Test
    void resetClearsAnAddress() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("10.0.0.3");
        }
        throttle.reset("10.0.0.3");
        assertThat(throttle.isBlocked("10.0.0.3")).isFalse();
        throttle.recordFailure(null); // ignored, no exception
    }

    @Test
    void theLimitsAreTheDocumentedOnes() {
        assertThat(LoginThrottle.MAX_FAILURES_PER_WINDOW).isEqualTo(20);
        assertThat(LoginThrottle.WINDOW).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void aFloodOfNewAddressesNeitherGrowsTheMapPastItsBoundNorUnblocksAnAddress() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("10.0.0.7");
        }
        int flood = 100_200; // more than the 100,000 addresses a throttle remembers
        for (int i = 0; i < flood; i++) {
            throttle.recordFailure("172." + (16 + (i >> 16)) + "." + (i >> 8 & 0xff) + "." + (i & 0xff), "x@example.com");
        }
        assertThat(throttle.addressesRemembered()).isLessThanOrEqualTo(100_000);
        assertThat(throttle.isBlocked("10.0.0.7")).as("still blocked after the flood").isTrue();
    }

    @Test
    void ipv6AddressesCountPerSlash64() {
        for (int i = 0; i < LoginThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("2001:db8:1:2:0:0:0:" + Integer.toHexString(i + 1));
        }
        assertThat(throttle.isBlocked("2001:db8:1:2:ffff:ffff:ffff:ffff")).as("same /64").isTrue();
        assertThat(throttle.isBlocked("2001:db8:1:3:0:0:0:1")).as("the next /64").isFalse();
        assertThat(throttle.isBlocked("10.0.0.1")).isFalse();
    }
}
