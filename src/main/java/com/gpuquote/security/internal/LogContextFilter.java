package com.gpuquote.security.internal;

import com.gpuquote.security.GpuQuoteUser;
import com.gpuquote.shared.web.RequestIdFilter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * After authentication: the caller's tenant and user id into the logging MDC, so every log line of the request says
 * whose it was (docs/operations.md). {@link RequestIdFilter}, outermost, removes them when the request ends.
 */
class LogContextFilter extends OncePerRequestFilter {

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Authentication auth = SecurityContextHolder.getContext().getAuthentication();
        if (auth != null && auth.getPrincipal() instanceof GpuQuoteUser user) {
            MDC.put(RequestIdFilter.USER_ID, user.userId().value().toString());
            user.tenantId().ifPresent(t -> MDC.put(RequestIdFilter.TENANT_ID, t.value().toString()));
        }
        chain.doFilter(request, response);
    }
}
