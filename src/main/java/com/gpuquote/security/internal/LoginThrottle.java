package com.gpuquote.security.internal;

import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Per-IP brake on password guessing: after too many failed logins from one address in a window, further
 * login attempts from it are refused for the rest of the window, whichever accounts they target. A successful login
 * forgives only that account's own failures from that address (a user who mistyped), never the window's other
 * failures: otherwise any valid account would let an attacker spray passwords without limit (issue 11).
 */
@Component
public class LoginThrottle {

    public static final int MAX_FAILURES_PER_WINDOW = 20;
    public static final Duration WINDOW = Duration.ofMinutes(10);

    private final Map<String, Deque<Failure>> failures = new ConcurrentHashMap<>();
    private final Clock clock;

    LoginThrottle(Clock clock) {
        this.clock = clock;
    }

    public boolean isBlocked(String ip) {
        Deque<Failure> q = ip == null ? null : failures.get(ip);
        if (q == null) {
            return false;
        }
        synchronized (q) {
            prune(q);
            return q.size() >= MAX_FAILURES_PER_WINDOW;
        }
    }

    public void recordFailure(String ip) {
        recordFailure(ip, null);
    }

    /** A failed login from {@code ip} for the account named {@code account} (as typed; null when unknown). */
    public void recordFailure(@Nullable String ip, @Nullable String account) {
        if (ip == null) {
            return;
        }
        if (failures.size() > 100_000) {
            failures.clear(); // bounded memory under a flood of spoofed addresses
        }
        Deque<Failure> q = failures.computeIfAbsent(ip, k -> new ArrayDeque<>());
        synchronized (q) {
            prune(q);
            q.addLast(new Failure(clock.instant(), key(account)));
        }
    }

    /** After a successful login: that account's own failures from that address no longer count. */
    public void forgive(String ip, String account) {
        Deque<Failure> q = ip == null || account == null ? null : failures.get(ip);
        if (q != null) {
            String key = key(account);
            synchronized (q) {
                q.removeIf(f -> key.equals(f.account()));
            }
        }
    }

    public void reset(String ip) {
        if (ip != null) {
            failures.remove(ip);
        }
    }

    private void prune(Deque<Failure> q) {
        Instant cutoff = clock.instant().minus(WINDOW);
        while (!q.isEmpty() && q.peekFirst().at().isBefore(cutoff)) {
            q.removeFirst();
        }
    }

    private static String key(String account) {
        return account == null ? null : account.strip().toLowerCase(java.util.Locale.ROOT);
    }

    private record Failure(Instant at, String account) {
    }
}
