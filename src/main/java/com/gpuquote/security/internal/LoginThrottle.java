package com.gpuquote.security.internal;

import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-IP brake on password guessing: after too many failed logins from one address in a window, further
 * login attempts from it are refused for the rest of the window, whichever accounts they target.
 */
@Component
public class LoginThrottle {

    public static final int MAX_FAILURES_PER_WINDOW = 20;
    public static final Duration WINDOW = Duration.ofMinutes(10);

    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();
    private final Clock clock;

    public LoginThrottle() {
        this(Clock.systemUTC());
    }

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    public boolean isBlocked(String ip) {
        Deque<Instant> q = ip == null ? null : failures.get(ip);
        if (q == null) {
            return false;
        }
        synchronized (q) {
            prune(q);
            return q.size() >= MAX_FAILURES_PER_WINDOW;
        }
    }

    public void recordFailure(String ip) {
        if (ip == null) {
            return;
        }
        if (failures.size() > 100_000) {
            failures.clear(); // bounded memory under a flood of spoofed addresses
        }
        Deque<Instant> q = failures.computeIfAbsent(ip, k -> new ArrayDeque<>());
        synchronized (q) {
            prune(q);
            q.addLast(clock.instant());
        }
    }

    public void reset(String ip) {
        if (ip != null) {
            failures.remove(ip);
        }
    }

    private void prune(Deque<Instant> q) {
        Instant cutoff = clock.instant().minus(WINDOW);
        while (!q.isEmpty() && q.peekFirst().isBefore(cutoff)) {
            q.removeFirst();
        }
    }
}
