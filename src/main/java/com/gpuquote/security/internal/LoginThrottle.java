package com.gpuquote.security.internal;

import com.gpuquote.shared.web.ThrottleWindows;
import org.springframework.stereotype.Component;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Deque;
import org.jspecify.annotations.Nullable;

/**
 * Per-IP brake on password guessing: after too many failed logins from one address in a window, further
 * login attempts from it are refused for the rest of the window, whichever accounts they target. A successful login
 * forgives only that account's own failures from that address (a user who mistyped), never the window's other
 * failures: otherwise any valid account would let an attacker spray passwords without limit. Bounded under a flood of
 * addresses without forgetting the addresses that are blocked, IPv6 counted per /64 ({@link ThrottleWindows}).
 */
@Component
public class LoginThrottle {

    public static final int MAX_FAILURES_PER_WINDOW = 20;
    public static final Duration WINDOW = Duration.ofMinutes(10);

    private final ThrottleWindows<Failure> failures;
    private final Clock clock;

    LoginThrottle(Clock clock) {
        this.clock = clock;
        this.failures = new ThrottleWindows<>(WINDOW, clock);
    }

    public boolean isBlocked(String ip) {
        Deque<Failure> q = ip == null ? null : failures.find(ip);
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
        Deque<Failure> q = failures.window(ip);
        synchronized (q) {
            prune(q);
            q.addLast(new Failure(clock.instant(), key(account)));
            if (q.size() >= MAX_FAILURES_PER_WINDOW) {
                failures.overLimit(ip, q);
            }
        }
    }

    /** After a successful login: that account's own failures from that address no longer count. */
    public void forgive(String ip, String account) {
        Deque<Failure> q = ip == null || account == null ? null : failures.find(ip);
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

    /** Addresses (IPv6: /64 blocks) with a window in memory now. */
    int addressesRemembered() {
        return failures.recentAddresses();
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
