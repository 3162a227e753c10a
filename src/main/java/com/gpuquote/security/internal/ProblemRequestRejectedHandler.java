package com.gpuquote.security.internal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * What Spring Security's firewall refuses (a {@code //} or an encoded slash or dot segment in the path, a non-printable
 * header) answers a 400 problem detail naming the path, with the usual security headers. Without it the rejection went
 * to the container's error dispatch, which the login redirect caught: API clients got a 302 to the login page.
 */
@Component
class ProblemRequestRejectedHandler implements RequestRejectedHandler {

    @Override
    public void handle(HttpServletRequest request, HttpServletResponse response, RequestRejectedException rejected)
            throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        SecurityHeaders.applyTo(response, request.isSecure());
        response.setContentType("application/problem+json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Bad Request\",\"status\":400,"
                + "\"detail\":\"The request path or a header is malformed (for example '//' or an encoded slash)\","
                + "\"errors\":[{\"field\":\"path\",\"code\":\"malformed\",\"message\":\"The request path is malformed\"}]}");
    }
}
