package com.gpuquote.shared.web;

import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * Where a per-address throttle (login, portal token lookups) keeps each address's window of recent events, and whose
 * window an address counts in.
 * <p>
 * Memory is bounded and forgets: an address unheard of for a whole window is dropped, and beyond
 * {@link #MAX_ADDRESSES} addresses the ones least likely to come back are evicted (Caffeine). A flood of new addresses
 * must not unblock an address, so an address whose window reached the throttle's limit is also kept in a second map
 * of its own, which only addresses over the limit enter: to push a blocked address out, a flood would need
 * {@link #MAX_ADDRESSES} addresses that are blocked themselves. IPv6 addresses count per /64, the block one
 * subscriber gets, so a client cannot step through its own addresses to start a fresh window each time.
 * Callers synchronize on a window while they read or change it.
 */
public final class ThrottleWindows<E> {

    /** Our policy: addresses remembered per throttle and map (a few tens of MB at most for windows of 20 to 600). */
    public static final int MAX_ADDRESSES = 100_000;

    private final ConcurrentMap<String, Deque<E>> recent;
    private final ConcurrentMap<String, Deque<E>> overLimit;

    /** Windows of {@code window} as {@code clock} tells the time. */
    public ThrottleWindows(Duration window, Clock clock) {
        this.recent = map(window, clock);
        this.overLimit = map(window, clock);
    }

    private static <V> ConcurrentMap<String, V> map(Duration window, Clock clock) {
        return Caffeine.newBuilder().maximumSize(MAX_ADDRESSES).expireAfterAccess(window)
                .ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
                .executor(Runnable::run) // evict on the caller's thread: the bound holds the moment a write returns
                .<String, V>build().asMap();
    }

    /** The address's window, or null when it has none. */
    public @Nullable Deque<E> find(String ip) {
        String key = key(ip);
        Deque<E> q = overLimit.get(key);
        return q != null ? q : recent.get(key);
    }

    /** The address's window, a new empty one if it had none. */
    public Deque<E> window(String ip) {
        String key = key(ip);
        Deque<E> q = overLimit.get(key);
        return q != null ? q : recent.computeIfAbsent(key, k -> new ArrayDeque<>());
    }

    /** The address's window reached the throttle's limit: it is kept whatever else comes in. */
    public void overLimit(String ip, Deque<E> window) {
        overLimit.put(key(ip), window);
    }

    public void remove(String ip) {
        String key = key(ip);
        overLimit.remove(key);
        recent.remove(key);
    }

    /** Addresses (IPv6: /64 blocks) in the bounded map of recent windows now. */
    public int recentAddresses() {
        return recent.size();
    }

    /** The key an address is counted under: IPv4 as it is, IPv6 by its /64 prefix. */
    static String key(String ip) {
        if (ip.indexOf(':') < 0) {
            return ip;
        }
        try {
            // a literal (it has a colon): parsed, never looked up
            InetAddress address = InetAddress.getByName(ip.startsWith("[") && ip.endsWith("]")
                    ? ip.substring(1, ip.length() - 1) : ip);
            if (address instanceof Inet6Address) {
                return HexFormat.of().formatHex(address.getAddress(), 0, 8) + "::/64";
            }
            return address.getHostAddress(); // an IPv4-mapped address
        } catch (UnknownHostException e) {
            return ip;
        }
    }
}
