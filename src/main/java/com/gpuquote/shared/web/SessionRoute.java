package com.gpuquote.shared.web;

import org.apache.catalina.Container;
import org.apache.catalina.Engine;
import org.apache.catalina.Lifecycle;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Sticky sessions behind nginx (issue 18, ADR 0010): with {@code gpuquote.cluster.route} set (env
 * {@code GPUQUOTE_NODE_ROUTE}, e.g. {@code app1}), Tomcat ends every session id with {@code .app1}, and nginx sends a
 * request whose JSESSIONID cookie ends so to this instance (deploy/nginx). A Vaadin UI lives in one instance's memory,
 * so it must keep talking to that instance; the route survives in the cookie itself, so nginx keeps no state.
 */
@Component
class SessionRoute implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final String route;

    SessionRoute(@Value("${gpuquote.cluster.route:}") String route) {
        this.route = route.strip();
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (route.isEmpty()) {
            return;
        }
        if (!route.matches("[A-Za-z0-9_-]{1,32}")) {
            throw new IllegalArgumentException("gpuquote.cluster.route must be 1-32 letters, digits, '-' or '_'");
        }
        // the session manager reads the engine's jvmRoute when it starts, i.e. after the context's BEFORE_START
        factory.addContextLifecycleListeners(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                Container c = (Container) event.getLifecycle();
                while (c != null && !(c instanceof Engine)) {
                    c = c.getParent();
                }
                if (c != null) {
                    ((Engine) c).setJvmRoute(route);
                }
            }
        });
    }
}
