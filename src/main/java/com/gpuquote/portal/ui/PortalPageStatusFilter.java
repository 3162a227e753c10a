package com.gpuquote.portal.ui;

import com.gpuquote.portal.CustomerPortal;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;

/**
 * The portal page's first GET ({@code /portal/q/{token}}) is Vaadin's bootstrap page, which would answer 200 for any
 * token. This filter resolves the token first (through {@link CustomerPortal#linkState}: throttle, constant-time
 * compare, nothing marked) and sets the status the link stands for: 410 for an expired, superseded or rejected
 * quote, 404 for an unknown or revoked link, 429 when throttled. The request then goes on, so the same page renders
 * and explains. Vaadin's own requests ({@code v-r=…}) pass untouched.
 */
class PortalPageStatusFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(PortalPageStatusFilter.class);
    private static final String PREFIX = "/portal/q/";

    /** Registers the filter for the page path only. */
    @Configuration
    static class Registration {
        @Bean
        FilterRegistrationBean<PortalPageStatusFilter> portalPageStatusFilter(ObjectProvider<CustomerPortal> portal) {
            FilterRegistrationBean<PortalPageStatusFilter> r = new FilterRegistrationBean<>(new PortalPageStatusFilter(portal));
            r.addUrlPatterns(PREFIX + "*");
            r.setOrder(0); // after Spring Security (-100): headers and the request context are in place
            return r;
        }
    }

    private final ObjectProvider<CustomerPortal> portal;

    PortalPageStatusFilter(ObjectProvider<CustomerPortal> portal) {
        this.portal = portal;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod()))
                || request.getParameter("v-r") != null
                || !path.startsWith(PREFIX) || path.length() == PREFIX.length()
                || path.indexOf('/', PREFIX.length()) >= 0;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String token = path.substring(PREFIX.length());
        int status;
        try {
            status = switch (portal.getObject().linkState(token)) {
                case ACTIVE -> HttpServletResponse.SC_OK;
                case GONE -> HttpServletResponse.SC_GONE;
                case NOT_FOUND -> HttpServletResponse.SC_NOT_FOUND;
                case THROTTLED -> 429;
                case UNAVAILABLE -> HttpServletResponse.SC_FORBIDDEN;
            };
        } catch (RuntimeException e) {
            // the page will show its error page (and log); here only the status stays as Vaadin sets it
            TokenSafeLog.error(log, "Portal link status failed", token, e);
            status = HttpServletResponse.SC_OK;
        }
        chain.doFilter(request, status == HttpServletResponse.SC_OK ? response : new KeepStatus(response, status));
    }

    /** Keeps the link's status when the page handler later sets a plain 200. */
    private static final class KeepStatus extends HttpServletResponseWrapper {
        KeepStatus(HttpServletResponse response, int status) {
            super(response);
            super.setStatus(status);
        }

        @Override
        public void setStatus(int sc) {
            if (sc != SC_OK) {
                super.setStatus(sc);
            }
        }
    }
}
