package com.gpuquote.portal.internal;

import com.gpuquote.CalendarTest;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** The portal's per-address brake on its own: a flood of new addresses does not unblock a throttled one. */
@CalendarTest
class PortalThrottleTest {

    private final PortalThrottle throttle = new PortalThrottle(
            Clock.fixed(Instant.parse("2026-12-07T02:00:00Z"), ZoneOffset.UTC));

    @Test
    void aFloodOfNewAddressesNeitherGrowsTheMapPastItsBoundNorUnblocksAnAddress() {
        for (int i = 0; i < PortalThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordLookup("127.0.0.9");
            throttle.recordFailure("127.0.0.9");
        }
        assertThat(throttle.isBlocked("127.0.0.9")).isTrue();
        int flood = 100_200; // the observed attack: cheap lookups from this many distinct loopback addresses
        for (int i = 0; i < flood; i++) {
            String ip = "127." + (i >> 16) + "." + (i >> 8 & 0xff) + "." + (i & 0xff);
            throttle.recordLookup(ip);
            throttle.recordFailure(ip);
        }
        assertThat(throttle.addressesRemembered()).isLessThanOrEqualTo(100_000);
        assertThat(throttle.isBlocked("127.0.0.9")).as("still blocked after the flood").isTrue();
    }

    @Test
    void ipv6AddressesCountPerSlash64() {
        for (int i = 0; i < PortalThrottle.MAX_FAILURES_PER_WINDOW; i++) {
            throttle.recordFailure("2001:db8:aa:bb::" + Integer.toHexString(i + 1));
        }
        assertThat(throttle.isBlocked("2001:db8:aa:bb:1:2:3:4")).as("same /64").isTrue();
        assertThat(throttle.isBlocked("[2001:db8:aa:bb::99]")).as("bracketed").isTrue();
        assertThat(throttle.isBlocked("2001:db8:aa:bc::1")).as("the next /64").isFalse();
    }
}
