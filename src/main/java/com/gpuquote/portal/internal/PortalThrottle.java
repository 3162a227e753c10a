package com.gpuquote.portal.internal;

import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-IP brake on portal token lookups (LoginThrottle's approach): an address that looked up too many unknown or
 * revoked tokens in a window, or too many tokens at all, is refused for the rest of the window, whatever token it
 * presents. In memory, per node; bounded under a flood of addresses.
 */
@Component
public class PortalThrottle {

    public static final int MAX_FAILURES_PER_WINDOW = 20;
    public static final int MAX_LOOKUPS_PER_WINDOW = 600;
    public static final Duration WINDOW = Duration.ofMinutes(10);

    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();
    private final Map<String, Deque<Instant>> lookups = new ConcurrentHashMap<>();
    private final Clock clock;

    PortalThrottle(Clock clock) {
        this.clock = clock;
    }

    public boolean isBlocked(String ip) {
        return count(failures, ip) >= MAX_FAILURES_PER_WINDOW || count(lookups, ip) >= MAX_LOOKUPS_PER_WINDOW;
    }

    public void recordLookup(String ip) {
        record(lookups, ip);
    }

    public void recordFailure(String ip) {
        record(failures, ip);
    }

    public void reset(String ip) {
        if (ip != null) {
            failures.remove(ip);
            lookups.remove(ip);
        }
    }

    private int count(Map<String, Deque<Instant>> map, String ip) {
        Deque<Instant> q = ip == null ? null : map.get(ip);
        if (q == null) {
            return 0;
        }
        synchronized (q) {
            prune(q);
            return q.size();
        }
    }

    private void record(Map<String, Deque<Instant>> map, String ip) {
        if (ip == null) {
            return;
        }
        if (map.size() > 100_000) {
            map.clear();
        }
        Deque<Instant> q = map.computeIfAbsent(ip, k -> new ArrayDeque<>());
        synchronized (q) {
            prune(q);
            q.addLast(clock.instant());
        }
    }

    private void prune(Deque<Instant> q) {
        Instant cutoff = clock.instant().minus(WINDOW);
        while (!q.isEmpty() && q.peekFirst().isBefore(cutoff)) {
            q.removeFirst();
        }
    }
}
