package com.gpuquote.security.internal;

import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Problem-details bodies for failures that happen in the security filters, before any controller. */
final class ProblemResponses {
    private ProblemResponses() {
    }

    static void write(HttpServletResponse response, int status, String type, String title, String detail)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/problem+json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("""
                {"type":"https://gpuquote.dev/problems/%s","title":"%s","status":%d,"detail":"%s"}"""
                .formatted(type, title, status, detail));
    }
}
