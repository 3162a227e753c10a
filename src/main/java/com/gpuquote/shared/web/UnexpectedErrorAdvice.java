package com.gpuquote.shared.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;
import java.util.UUID;

/**
 * The last resort for {@code /api/**} and the portal's {@code /portal/api/**} (whose clients must get a problem, not a
 * redirect to the login page): any exception nothing else mapped answers a 500 problem detail that names no
 * internals (no message, no stack trace, no SQL), only an incident id also written to the log with the full exception.
 * Ordered last, so {@link ProblemDetailsAdvice} and Spring's own problem details for its exceptions (unknown path,
 * wrong method, missing parameter ...) still answer first; outside the API the exception propagates unchanged.
 */
@RestControllerAdvice(basePackages = "com.gpuquote")
@Order(Ordered.LOWEST_PRECEDENCE)
public class UnexpectedErrorAdvice {
    private static final Logger log = LoggerFactory.getLogger(UnexpectedErrorAdvice.class);

    @ExceptionHandler(Exception.class)
    ProblemDetail unexpected(Exception e, HttpServletRequest request, HttpServletResponse response) throws Exception {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        boolean portal = path.startsWith("/portal/api/");
        if ((!path.startsWith("/api/") && !portal) || e instanceof ErrorResponse || e instanceof AccessDeniedException
                || e instanceof AuthenticationException) {
            throw e; // not ours: the remaining resolvers (or the security filters) answer as before
        }
        DatabaseFaults.Fault fault = DatabaseFaults.classify(e);
        if (fault != null) {
            // the database, not the request: 503 (try again) or 409 for a lock, without SQL (docs/operations.md)
            log.warn("{} {} answered {}: {}", request.getMethod(), portal ? "/portal/api/{token}" : path, fault.status,
                    fault);
            ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.valueOf(fault.status), fault.detail);
            p.setType(URI.create("https://gpuquote.dev/problems/" + fault.type));
            p.setTitle(fault.title);
            if (fault == DatabaseFaults.Fault.LOCKED) {
                p.setProperty("code", "locked");
            } else if (response != null) {
                response.setHeader("Retry-After", String.valueOf(DatabaseFaults.RETRY_AFTER_SECONDS));
            }
            return p;
        }
        String incident = UUID.randomUUID().toString();
        // the portal's path carries the customer's token, which never reaches a log
        log.error("Unexpected error on {} {} (incident {})", request.getMethod(),
                portal ? "/portal/api/{token}" + path.replaceFirst("^/portal/api/[^/]*", "") : path, incident, e);
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR,
                "Something went wrong on our side. Please try again later; if it persists, quote incident " + incident);
        p.setType(URI.create("https://gpuquote.dev/problems/internal-error"));
        p.setTitle("Internal error");
        p.setProperty("incident", incident);
        return p;
    }
}
