package com.gpuquote.portal.internal;

import com.gpuquote.shared.web.ThrottleWindows;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Deque;

/**
 * Per-IP brake on portal token lookups (LoginThrottle's approach): an address that looked up too many unknown or
 * revoked tokens in a window, or too many tokens at all, is refused for the rest of the window, whatever token it
 * presents. In memory, per node; bounded under a flood of addresses without forgetting the addresses that are
 * blocked, IPv6 counted per /64 ({@link ThrottleWindows}).
 */
@Component
public class PortalThrottle {

    public static final int MAX_FAILURES_PER_WINDOW = 20;
    public static final int MAX_LOOKUPS_PER_WINDOW = 600;
    public static final Duration WINDOW = Duration.ofMinutes(10);

    private final ThrottleWindows<Instant> failures;
    private final ThrottleWindows<Instant> lookups;
    private final Clock clock;

    PortalThrottle(Clock clock) {
        this.clock = clock;
        this.failures = new ThrottleWindows<>(WINDOW, clock);
        this.lookups = new ThrottleWindows<>(WINDOW, clock);
    }

    public boolean isBlocked(String ip) {
        return count(failures, ip) >= MAX_FAILURES_PER_WINDOW || count(lookups, ip) >= MAX_LOOKUPS_PER_WINDOW;
    }

    public void recordLookup(String ip) {
        record(lookups, ip, MAX_LOOKUPS_PER_WINDOW);
    }

    public void recordFailure(String ip) {
        record(failures, ip, MAX_FAILURES_PER_WINDOW);
    }

    public void reset(String ip) {
        if (ip != null) {
            failures.remove(ip);
            lookups.remove(ip);
        }
    }

    /** Addresses in the bounded map of recent lookups. */
    int addressesRemembered() {
        return lookups.recentAddresses();
    }

    private int count(ThrottleWindows<Instant> windows, String ip) {
        Deque<Instant> q = ip == null ? null : windows.find(ip);
        if (q == null) {
            return 0;
        }
        synchronized (q) {
            prune(q);
            return q.size();
        }
    }

    private void record(ThrottleWindows<Instant> windows, String ip, int limit) {
        if (ip == null) {
            return;
        }
        Deque<Instant> q = windows.window(ip);
        synchronized (q) {
            prune(q);
            q.addLast(clock.instant());
            if (q.size() >= limit) {
                windows.overLimit(ip, q);
            }
        }
    }

    private void prune(Deque<Instant> q) {
        Instant cutoff = clock.instant().minus(WINDOW);
        while (!q.isEmpty() && q.peekFirst().isBefore(cutoff)) {
            q.removeFirst();
        }
    }
}
