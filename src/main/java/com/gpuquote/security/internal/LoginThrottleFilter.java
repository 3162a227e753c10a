package com.gpuquote.security.internal;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/** Refuses password attempts (form login, HTTP Basic) from an address the throttle has blocked. */
class LoginThrottleFilter extends OncePerRequestFilter {

    private final LoginThrottle throttle;

    LoginThrottleFilter(LoginThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (isPasswordAttempt(request) && throttle.isBlocked(request.getRemoteAddr())) {
            response.setHeader("Retry-After", String.valueOf(LoginThrottle.WINDOW.toSeconds()));
            if (request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
                ProblemResponses.write(response, 429, "too-many-requests", "Too many requests",
                        "Too many failed logins from your address; try again later");
            } else {
                response.sendRedirect(request.getContextPath() + "/login?throttled");
            }
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean isPasswordAttempt(HttpServletRequest request) {
        String auth = request.getHeader("Authorization");
        boolean basic = auth != null && auth.regionMatches(true, 0, "Basic ", 0, 6);
        boolean formLogin = "POST".equals(request.getMethod())
                && request.getRequestURI().equals(request.getContextPath() + "/login");
        return basic || formLogin;
    }
}
