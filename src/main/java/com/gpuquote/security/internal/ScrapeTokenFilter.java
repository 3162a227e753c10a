package com.gpuquote.security.internal;

import com.gpuquote.shared.Sha256;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.security.MessageDigest;

/**
 * {@code /actuator/prometheus} for the monitoring system only: {@code Authorization: Bearer <gpuquote.metrics.scrape-token>}.
 * No token configured: nobody may scrape. A dedicated credential rather than a user's API token, so the scraper is
 * no account of any tenant and touches no database (it keeps scraping while the database is down, which is when the
 * metrics matter most).
 */
class ScrapeTokenFilter extends OncePerRequestFilter {

    private final byte[] expected;

    ScrapeTokenFilter(String token) {
        this.expected = token == null || token.isBlank() ? null : digest(token.trim());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        boolean ok = expected != null && header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                && MessageDigest.isEqual(expected, digest(header.substring(7).trim()));
        if (!ok) {
            response.setHeader("WWW-Authenticate", "Bearer");
            ProblemResponses.write(response, 401, "unauthorized", "Unauthorized", "Authentication required");
            return;
        }
        chain.doFilter(request, response);
    }

    /** Compared as digests, so the comparison takes the same time whatever the length of the guess. */
    private static byte[] digest(String s) {
        return Sha256.of(s);
    }
}
