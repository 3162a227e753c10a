package com.gpuquote.portal;

/** Too many portal token lookups from one address (429). */
public class PortalThrottledException extends RuntimeException {
    public PortalThrottledException() {
        super("Too many requests from your address; try again later");
    }
}
