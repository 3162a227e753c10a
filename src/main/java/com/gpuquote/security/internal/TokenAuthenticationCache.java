package com.gpuquote.security.internal;

import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.tenancy.DatabaseProperties;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Bearer-token authentications kept for a few seconds, so that a script's requests do not pay three database round
 * trips each (ADR 0009). Correctness comes first: the cache is used only while this instance LISTENs on
 * {@code gpuquote_credentials}, which the database notifies on every revocation, user or tenant change (V72
 * triggers), and any notification empties it. While the listening connection is down the cache is bypassed, so a
 * lost notification can never keep a revoked token alive. An entry also ends with its token's expiry.
 */
@Component
public class TokenAuthenticationCache implements SmartLifecycle {
    static final String CHANNEL = "gpuquote_credentials";
    /** The listening connection's application_name, so operators (and tests) can find it in pg_stat_activity. */
    static final String APPLICATION_NAME = "gpuquote-credential-listener";
    private static final Logger log = LoggerFactory.getLogger(TokenAuthenticationCache.class);
    private static final Duration TOUCH_EVERY = Duration.ofMinutes(1);
    private static final int MAX_ENTRIES = 10_000;

    /** What a token stands for: its owner as loaded, the token's expiry, and when last_used_at was last written. */
    record Authenticated(AccountRepository.TokenOwner token, GpuQuoteUser user) {
    }

    private record Entry(Authenticated value, long validUntilNanos, Instant tokenExpiresAt, long touchedNanos) {
    }

    private final DatabaseProperties db;
    /** Set once from the configuration; tests switch it at runtime in their one shared context ({@link #changeTtl}). */
    private volatile long ttlNanos;
    private final ConcurrentHashMap<ByteBuffer, Entry> entries = new ConcurrentHashMap<>();
    /** Bumped by every invalidation, so a lookup that raced with one is not stored. */
    private final AtomicLong generation = new AtomicLong();
    private volatile boolean listening;
    private final java.time.Clock clock;
    private volatile boolean running;
    private Thread listener;

    TokenAuthenticationCache(DatabaseProperties db,
                             @Value("${gpuquote.security.token-cache-seconds:30}") long ttlSeconds, java.time.Clock clock) {
        this.clock = clock;
        this.db = db;
        this.ttlNanos = Duration.ofSeconds(Math.max(0, ttlSeconds)).toNanos();
    }

    /**
     * The authentication of this token hash: from the cache when it is live, else from {@code load} (the database),
     * stored for next time. {@code touch} runs when the token's last_used_at is due for an update (once a minute).
     */
    Optional<Authenticated> authenticate(byte[] tokenHash, Supplier<Optional<Authenticated>> load,
                                         java.util.function.Consumer<Authenticated> touch) {
        ByteBuffer key = ByteBuffer.wrap(tokenHash);
        long now = System.nanoTime();
        if (usable()) {
            Entry e = entries.get(key);
            if (e != null && now - e.validUntilNanos() < 0 && clock.instant().isBefore(e.tokenExpiresAt())) {
                if (now - e.touchedNanos() > TOUCH_EVERY.toNanos()
                        && entries.replace(key, e, new Entry(e.value(), e.validUntilNanos(), e.tokenExpiresAt(), now))) {
                    touch.accept(e.value());
                }
                return Optional.of(e.value());
            }
            if (e != null) {
                entries.remove(key, e);
            }
        }
        long seen = generation.get();
        Optional<Authenticated> loaded = load.get();
        loaded.ifPresent(a -> {
            touch.accept(a);
            if (usable() && generation.get() == seen) {
                if (entries.size() >= MAX_ENTRIES) {
                    entries.clear();
                }
                entries.put(key, new Entry(a, now + ttlNanos, a.token().expiresAt(), now));
            }
        });
        return loaded;
    }

    private boolean usable() {
        return listening && ttlNanos > 0;
    }

    void invalidateAll() {
        generation.incrementAndGet();
        entries.clear();
    }

    /**
     * Empties this instance's cache once the current transaction commits (or now, outside one): a revocation made
     * here takes effect for the very next request, without waiting for the notification to come back.
     */
    public void invalidateAfterCommit() {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    invalidateAll();
                }
            });
        } else {
            invalidateAll();
        }
    }

    /** For tests and diagnostics: how many authentications are held. */
    int size() {
        return entries.size();
    }

    boolean listening() {
        return listening;
    }

    @Override
    public void start() {
        running = true;
        if (ttlNanos > 0) {
            startListener();
        }
    }

    private synchronized void startListener() {
        if (listener == null || !listener.isAlive()) {
            listener = new Thread(this::listen, "token-cache-listener");
            listener.setDaemon(true);
            listener.start();
        }
    }

    /**
     * A new entry lifetime, effective at once (the cache is emptied); a positive one starts listening. The test
     * context runs without the cache and its test switches it on here instead of starting a context of its own.
     */
    synchronized Duration changeTtl(Duration ttl) {
        Duration before = Duration.ofNanos(ttlNanos);
        ttlNanos = ttl.isNegative() ? 0 : ttl.toNanos();
        invalidateAll();
        if (ttlNanos > 0 && running) {
            startListener();
        }
        return before;
    }

    @Override
    public void stop() {
        running = false;
        listening = false;
        invalidateAll();
        if (listener != null) {
            listener.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void listen() {
        long backoffMillis = 500;
        while (running) {
            java.util.Properties props = new java.util.Properties();
            props.setProperty("user", db.appUser());
            props.setProperty("password", db.appPassword());
            props.setProperty("ApplicationName", APPLICATION_NAME);
            try (Connection c = DriverManager.getConnection(db.url(), props);
                 Statement st = c.createStatement()) {
                st.execute("LISTEN " + CHANNEL);
                invalidateAll(); // whatever happened while not listening
                listening = true;
                backoffMillis = 500;
                PGConnection pg = c.unwrap(PGConnection.class);
                long lastCheck = System.nanoTime();
                while (running) {
                    PGNotification[] notes = pg.getNotifications(500);
                    if (notes != null && notes.length > 0) {
                        invalidateAll();
                    }
                    // a silently dropped connection delivers nothing: check it every few seconds
                    if (System.nanoTime() - lastCheck > Duration.ofSeconds(5).toNanos()) {
                        st.execute("select 1");
                        lastCheck = System.nanoTime();
                    }
                }
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    log.warn("Token cache listener lost its connection ({}); the cache is bypassed until it is back",
                            e.getMessage());
                }
            } finally {
                listening = false;
                invalidateAll();
            }
            if (running) {
                try {
                    Thread.sleep(backoffMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                backoffMillis = Math.min(backoffMillis * 2, 10_000);
            }
        }
    }
}
