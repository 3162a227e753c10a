package com.gpuquote.shared.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most {@code gpuquote.api.max-concurrent-requests} REST requests ({@code /api/}) and
 * {@code gpuquote.api.max-concurrent-portal-requests} portal requests ({@code /portal/api/}) run at once; the others
 * wait their turn, first come first served, and one that waited longer than {@code gpuquote.api.max-queue-wait}
 * answers 503 with problem details and {@code Retry-After} (ADR 1856).
 * <p>
 * A request takes its turn only after Spring Security let it through (an unauthenticated {@code /api/} request is
 * answered 401 without one) and after its whole body arrived ({@link BufferedBody}, within
 * {@code gpuquote.api.body-read-timeout}, else 408): a client sending its body a byte at a time holds a thread, never
 * a turn. The portal needs no login, so its requests take turns of their own: whoever calls it, with whatever token,
 * cannot take the turns of the signed-in users.
 * <p>
 * Why: the REST requests are CPU work on the application's and the database's cores. Run all at once, they take turns
 * on the cores, so a transaction holding the tenant's quote-number lock waits for a core between its statements and
 * every other create of the tenant queues behind it (measured: a quarter of the database connections waiting on that
 * lock at saturation). Run a few at a time, the same work finishes sooner and in arrival order. 0 (the default) means
 * twice the processors the JVM sees.
 */
@Component
@Order(SecurityProperties.DEFAULT_FILTER_ORDER + 10)
public class ApiConcurrencyLimit extends OncePerRequestFilter {
    private static final Logger log = LoggerFactory.getLogger(ApiConcurrencyLimit.class);
    private static final long WARNING_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The limits in force; replaced as a whole (tests narrow them), each request keeps the one it started with. */
    private volatile Turns turns;
    private final Counter refused;
    /** When a refusal was last logged: a flood of refusals writes one warning per interval, not one per request. */
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARNING_INTERVAL_NANOS);

    ApiConcurrencyLimit(@Value("${gpuquote.api.max-concurrent-requests:0}") int configured,
                        @Value("${gpuquote.api.max-concurrent-portal-requests:0}") int configuredPortal,
                        @Value("${gpuquote.api.max-queue-wait:3s}") Duration maxWait,
                        @Value("${gpuquote.api.body-read-timeout:20s}") Duration bodyRead, MeterRegistry meters) {
        if (configured < 0 || configuredPortal < 0) {
            throw new IllegalArgumentException("gpuquote.api.max-concurrent-requests and "
                    + "gpuquote.api.max-concurrent-portal-requests must be 0 (automatic) or more");
        }
        this.turns = Turns.of(configured, configuredPortal, maxWait, bodyRead);
        this.refused = Counter.builder("gpuquote.api.requests.refused")
                .description("REST requests answered 503 because they waited too long for their turn")
                .register(meters);
        Gauge.builder("gpuquote.api.requests.waiting", this, ApiConcurrencyLimit::waiting)
                .description("REST requests waiting for their turn").register(meters);
        Gauge.builder("gpuquote.api.requests.running", this, ApiConcurrencyLimit::running)
                .description("REST requests running").register(meters);
    }

    /** REST and portal requests running now. */
    int running() {
        Turns t = turns;
        return t.limit - t.permits.availablePermits() + t.portalLimit - t.portalPermits.availablePermits();
    }

    /** REST and portal requests waiting for their turn now. */
    int waiting() {
        Turns t = turns;
        return t.permits.getQueueLength() + t.portalPermits.getQueueLength();
    }

    /**
     * Other limits from now on (0 = automatic, as in the configuration); answers the ones replaced, for
     * {@link #restore}. For tests of the limiter in the one shared test context, which would otherwise need a
     * context of their own.
     */
    Turns replace(int configured, int configuredPortal, Duration maxWait, Duration bodyRead) {
        Turns previous = turns;
        turns = Turns.of(configured, configuredPortal, maxWait, bodyRead);
        return previous;
    }

    void restore(Turns previous) {
        turns = previous;
    }

    /** One set of limits: the turns (first come first served) and how long a request waits for one or its body. */
    static final class Turns {
        final Semaphore permits;
        final Semaphore portalPermits;
        final int limit;
        final int portalLimit;
        final long maxWaitNanos;
        final long bodyReadNanos;

        private Turns(int limit, int portalLimit, long maxWaitNanos, long bodyReadNanos) {
            this.limit = limit;
            this.portalLimit = portalLimit;
            this.permits = new Semaphore(limit, true);
            this.portalPermits = new Semaphore(portalLimit, true);
            this.maxWaitNanos = maxWaitNanos;
            this.bodyReadNanos = bodyReadNanos;
        }

        static Turns of(int configured, int configuredPortal, Duration maxWait, Duration bodyRead) {
            int limit = configured == 0 ? 2 * Runtime.getRuntime().availableProcessors() : configured;
            int portalLimit = configuredPortal == 0 ? Math.max(1, limit / 2) : configuredPortal;
            return new Turns(limit, portalLimit, maxWait.toNanos(), bodyRead.toNanos());
        }
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !(path.startsWith("/api/") || path.startsWith("/portal/api/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Turns t = turns;
        long bodyReadNanos = t.bodyReadNanos;
        long maxWaitNanos = t.maxWaitNanos;
        HttpServletRequest read = request;
        if (BufferedBody.isFormOrMultipart(request)) {
            // the container parses these from its own stream: have it do so now, before the turn, so a slow body
            // holds a thread but no turn (a malformed one fails again, the same way, where MVC parses it)
            BufferedBody.parseFormOrParts(request);
        } else if (BufferedBody.applies(request)) {
            read = BufferedBody.read(request, System.nanoTime() + bodyReadNanos);
            if (read == null) {
                log.info("{} {} answered 408: its body did not arrive within {} ms", request.getMethod(),
                        DatabaseFaultFilter.safePath(request), bodyReadNanos / 1_000_000);
                response.setHeader("Connection", "close");
                DatabaseFaults.writeProblem(response, 408, "request-timeout", "Request Timeout",
                        "The request body did not arrive in time", "");
                return;
            }
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        Semaphore turn = path.startsWith("/portal/api/") ? t.portalPermits : t.permits;
        boolean acquired;
        try {
            acquired = turn.tryAcquire(maxWaitNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            refused.increment();
            long now = System.nanoTime();
            long last = lastWarning.get();
            if (now - last >= WARNING_INTERVAL_NANOS && lastWarning.compareAndSet(last, now)) {
                log.warn("{} {} answered 503 after waiting {} ms for its turn: {} REST requests running, {} waiting "
                                + "({} refused since start; at most one such warning per 10 s)", request.getMethod(),
                        DatabaseFaultFilter.safePath(request), maxWaitNanos / 1_000_000, running(), waiting(),
                        (long) refused.count());
            }
            busy(response);
            return;
        }
        try {
            chain.doFilter(read, response);
        } finally {
            turn.release();
        }
    }

    private static void busy(HttpServletResponse response) throws IOException {
        DatabaseFaults.writeProblem(response, 503, "server-busy", "Service unavailable",
                "The server is busy; please try again in a moment", "");
    }
}
