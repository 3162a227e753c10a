package com.gpuquote.security.internal;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/** Installs {@link ProblemErrorReportValve} in place of Tomcat's (and Spring Boot's) HTML error report valve. */
@Component
class ErrorPageConfiguration implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve && !(valve instanceof ProblemErrorReportValve)) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                host.getPipeline().addValve(new ProblemErrorReportValve());
            }
        });
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE; // after Spring Boot's own error valve customizer
    }
}
