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

    /** The headers every answer carries, for answers written outside Spring Security's header writers. */
    static void applyTo(jakarta.servlet.http.HttpServletResponse response, boolean secure) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("Cache-Control", "no-store");
        if (secure) {
            response.setHeader("Strict-Transport-Security", "max-age=" + HSTS_MAX_AGE_SECONDS + "; includeSubDomains");
        }
    }
}
