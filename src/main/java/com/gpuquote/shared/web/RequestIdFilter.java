package com.gpuquote.shared.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Every request gets an id: the caller's {@code X-Request-Id} (a proxy's, so one id follows the request through
 * nginx and the app) when it is a plain token, else a new one. It is echoed in the response header and put in the
 * logging MDC as {@code requestId} (structured logs carry it, docs/operations.md); the security filters add
 * {@code tenantId} and {@code userId} once the caller is authenticated. The outermost filter, so every log line of
 * the request, the database-fault handling's included, carries it. At DEBUG, logger {@code com.gpuquote.request}
 * writes one line per request (method, path, status, milliseconds).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class RequestIdFilter extends OncePerRequestFilter {
    public static final String HEADER = "X-Request-Id";
    public static final String REQUEST_ID = "requestId";
    public static final String TENANT_ID = "tenantId";
    public static final String USER_ID = "userId";

    private static final Logger requests = LoggerFactory.getLogger("com.gpuquote.request");
    /** Only what cannot forge a log line or carry a secret of any length. */
    private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String given = request.getHeader(HEADER);
        String id = given != null && ACCEPTED.matcher(given).matches() ? given : UUID.randomUUID().toString();
        MDC.put(REQUEST_ID, id);
        response.setHeader(HEADER, id);
        long start = System.nanoTime();
        try {
            chain.doFilter(request, response);
        } finally {
            if (requests.isDebugEnabled()) {
                String path = request.getRequestURI().substring(request.getContextPath().length());
                requests.debug("{} {} {} {} ms", request.getMethod(),
                        path.startsWith("/portal/") ? "/portal/…" : path, // the portal's path carries a token
                        response.getStatus(), (System.nanoTime() - start) / 1_000_000);
            }
            MDC.remove(REQUEST_ID);
            MDC.remove(TENANT_ID);
            MDC.remove(USER_ID);
        }
    }
}
