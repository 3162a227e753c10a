package com.gpuquote.security.internal;

/**
 * The Content-Security-Policy the UI runs with (ADR 1103). Vaadin Flow needs inline scripts and styles (its bootstrap
 * and Lumo's injected styles) and {@code eval} ({@code executeJs} runs through {@code new Function}); everything is
 * loaded from our own origin, charts are inline SVG, logos are data/blob URLs, nothing may frame us, no plugins.
 */
final class SecurityHeaders {
    static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'self'",
            "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'");

    static final long HSTS_MAX_AGE_SECONDS = 365L * 24 * 3600;

    private SecurityHeaders() {
    }
}
