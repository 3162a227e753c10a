package com.gpuquote.portal;

/** Too many portal token lookups from one address (429); {@code retryAfterSeconds} is the throttle window. */
public class PortalThrottledException extends RuntimeException {
    private final long retryAfterSeconds;

    public PortalThrottledException(long retryAfterSeconds) {
        super("Too many requests from your address; try again later");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
