package com.gpuquote.security.internal;

import com.gpuquote.shared.web.DatabaseFaults;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Problem-details bodies for failures that happen in the security filters, before any controller. */
final class ProblemResponses {
    private ProblemResponses() {
    }

    /**
     * 401, unless the account could not be looked up because the database failed (Spring wraps that in an
     * InternalAuthenticationServiceException): then 503 like every other database fault, so a client retries
     * instead of believing its credentials wrong.
     */
    static void unauthorized(HttpServletResponse response, Exception e) throws IOException {
        DatabaseFaults.Fault fault = DatabaseFaults.classify(e);
        if (fault != null) {
            DatabaseFaults.write(response, fault);
        } else {
            write(response, 401, "unauthorized", "Unauthorized", "Authentication required");
        }
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
