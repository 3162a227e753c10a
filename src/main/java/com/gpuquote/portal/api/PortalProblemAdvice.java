package com.gpuquote.portal.api;

import com.gpuquote.portal.PortalGoneException;
import com.gpuquote.portal.PortalThrottledException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** 410 (with whom to contact), 403 for a suspended reseller and 429 for the portal; everything else goes through the shared advice. */
@RestControllerAdvice(assignableTypes = PortalController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PortalProblemAdvice {

    @ExceptionHandler(PortalGoneException.class)
    ProblemDetail gone(PortalGoneException e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.GONE, e.getMessage());
        p.setType(URI.create("https://gpuquote.dev/problems/gone"));
        p.setTitle("Gone");
        p.setProperty("code", e.messageKey());
        p.setProperty("reason", e.reason().name());
        Map<String, String> contact = new LinkedHashMap<>();
        contact.put("reseller", e.tenantName());
        contact.put("name", e.consultant().name());
        contact.put("email", e.consultant().email());
        p.setProperty("contact", contact);
        return p;
    }

    @ExceptionHandler(com.gpuquote.portal.PortalUnavailableException.class)
    ProblemDetail unavailable(com.gpuquote.portal.PortalUnavailableException e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, e.getMessage());
        p.setType(URI.create("https://gpuquote.dev/problems/unavailable"));
        p.setTitle("Temporarily unavailable");
        p.setProperty("code", "portal.unavailable");
        return p;
    }

    @ExceptionHandler(PortalThrottledException.class)
    ResponseEntity<ProblemDetail> throttled(PortalThrottledException e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, e.getMessage());
        p.setType(URI.create("https://gpuquote.dev/problems/too-many-requests"));
        p.setTitle("Too many requests");
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .header("Retry-After", String.valueOf(e.retryAfterSeconds())).body(p);
    }
}
