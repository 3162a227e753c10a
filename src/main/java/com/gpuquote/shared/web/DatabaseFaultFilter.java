package com.gpuquote.shared.web;

import com.gpuquote.shared.I18n;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.HtmlUtils;

import java.io.IOException;
import java.util.Locale;

/**
 * Outside every other filter: a database fault that escapes the request (the security filters look up the session,
 * the token or the account before any controller runs, so they are the first to notice a database that is down)
 * answers 503 (or 409 for a lock, see {@link DatabaseFaults}) instead of Tomcat's 500: problem details for the APIs
 * and the actuator, a friendly translated page for the browser. Nothing of the exception reaches the client.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 20)
class DatabaseFaultFilter extends OncePerRequestFilter {
    private static final Logger log = LoggerFactory.getLogger(DatabaseFaultFilter.class);

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        } catch (ServletException | RuntimeException e) {
            DatabaseFaults.Fault fault = DatabaseFaults.classify(e);
            if (fault == null || response.isCommitted()) {
                throw e;
            }
            log.warn("{} {} answered {}: {}", request.getMethod(), safePath(request), fault.status, fault);
            String path = request.getRequestURI().substring(request.getContextPath().length());
            boolean machine = path.startsWith("/api/") || path.startsWith("/portal/api/")
                    || path.startsWith("/actuator/") || !accepts(request, "text/html");
            if (machine) {
                DatabaseFaults.write(response, fault);
            } else {
                page(request, response, fault);
            }
        }
    }

    /** The browser's page: same words as the app's other error pages, in the browser's language (zh-CN default). */
    private static void page(HttpServletRequest request, HttpServletResponse response, DatabaseFaults.Fault fault)
            throws IOException {
        // no Accept-Language: the default language (Tomcat would answer the JVM's locale)
        Locale locale = request.getHeader("Accept-Language") == null ? I18n.CHINESE
                : I18n.supported(request.getLocale());
        String key = fault == DatabaseFaults.Fault.LOCKED ? "shared.error.busy" : "shared.error.unavailable";
        String title = HtmlUtils.htmlEscape(I18n.get(locale, key + ".title"));
        String text = HtmlUtils.htmlEscape(I18n.get(locale, key + ".text"));
        String again = HtmlUtils.htmlEscape(I18n.get(locale, "shared.error.tryAgain"));
        response.resetBuffer();
        response.setStatus(fault.status);
        if (fault.status == 503) {
            response.setHeader("Retry-After", String.valueOf(DatabaseFaults.RETRY_AFTER_SECONDS));
        }
        response.setContentType("text/html");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("""
                <!DOCTYPE html>
                <html lang="%s"><head><meta charset="UTF-8"><title>%s | GpuQuote</title>
                <meta name="viewport" content="width=device-width, initial-scale=1"></head>
                <body style="font-family: sans-serif; margin: 3em auto; max-width: 40em; padding: 0 1em">
                <main id="error-page"><h2 id="error-title">%s</h2><p id="error-text">%s</p>
                <p><a id="error-home" href="%s/">%s</a></p></main></body></html>
                """.formatted(I18n.tag(locale), title, title, text,
                HtmlUtils.htmlEscape(request.getContextPath()), again));
    }

    private static boolean accepts(HttpServletRequest request, String type) {
        String accept = request.getHeader("Accept");
        return accept != null && accept.contains(type);
    }

    /** The portal's path carries the customer's token, which never reaches a log. */
    static String safePath(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/portal/") ? "/portal/…" : path;
    }
}
