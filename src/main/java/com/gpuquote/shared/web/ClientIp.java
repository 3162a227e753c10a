package com.gpuquote.shared.web;

import com.vaadin.flow.server.VaadinRequest;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/** The caller's address for audit and throttling. Proxies are not trusted unless configured in the server. */
public final class ClientIp {
    private ClientIp() {
    }

    public static String current() {
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attrs) {
            return of(attrs.getRequest());
        }
        VaadinRequest vr = VaadinRequest.getCurrent();
        return vr == null ? null : vr.getRemoteAddr();
    }

    public static String of(HttpServletRequest request) {
        return request.getRemoteAddr();
    }
}
