package com.gpuquote.security.internal;

import java.time.Duration;

/** Lets a test outside this package switch the bearer-token cache of the shared test context on and back. */
public final class TokenCacheSwitch {

    private TokenCacheSwitch() {
    }

    /** Sets the entry lifetime and, for a positive one, waits until the cache listens; returns the previous one. */
    public static Duration ttl(TokenAuthenticationCache cache, Duration ttl) throws InterruptedException {
        Duration before = cache.changeTtl(ttl);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!ttl.isZero() && !cache.listening() && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
        if (!ttl.isZero() && !cache.listening()) {
            throw new IllegalStateException("the token cache did not start listening within 20 s");
        }
        return before;
    }
}
