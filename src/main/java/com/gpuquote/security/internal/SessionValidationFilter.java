package com.gpuquote.security.internal;

import com.gpuquote.security.GpuQuoteUser;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * The browser session keeps the principal (roles included) it logged in with. On every request of a signed-in session
 * this checks, with one indexed lookup, that the user is still enabled, the tenant still ACTIVE and the security stamp
 * unchanged (no role, enabled or password change since login). Otherwise the session is invalidated and the request
 * goes on anonymously, so the user lands on the login page at once. The REST API needs no such check: it authenticates
 * every request afresh (Basic or bearer token).
 */
class SessionValidationFilter extends OncePerRequestFilter {
    private static final Logger log = LoggerFactory.getLogger(SessionValidationFilter.class);

    private final AccountRepository accounts;

    SessionValidationFilter(AccountRepository accounts) {
        this.accounts = accounts;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        if (session != null) {
            Authentication auth = SecurityContextHolder.getContext().getAuthentication();
            if (auth != null && auth.isAuthenticated() && auth.getPrincipal() instanceof GpuQuoteUser user
                    && !accounts.sessionStillValid(user)) {
                log.info("Ending the session of {}: disabled, tenant suspended or security stamp changed", user.email());
                SecurityContextHolder.clearContext();
                try {
                    session.invalidate();
                } catch (IllegalStateException alreadyInvalid) {
                    // ended concurrently: nothing left to do
                }
            }
        }
        chain.doFilter(request, response);
    }
}
