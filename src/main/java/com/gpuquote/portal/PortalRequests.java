package com.gpuquote.portal;

import org.jspecify.annotations.Nullable;
import com.vaadin.flow.server.VaadinRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/** The caller's user agent for the acceptance record (REST request or Vaadin request, whichever is current). */
final class PortalRequests {
    private PortalRequests() {
    }

    static @Nullable String userAgent() {
        if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attrs) {
            return attrs.getRequest().getHeader("User-Agent");
        }
        VaadinRequest vr = VaadinRequest.getCurrent();
        return vr == null ? null : vr.getHeader("User-Agent");
    }
}
