package com.gpuquote.security.internal;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * Replaces Tomcat's own HTML error page, which answers requests Tomcat refuses before the application sees them (a
 * 90 KB query string, {@code %00} in the path): a problem detail with the same security headers as every other
 * answer, and no server name or version.
 */
class ProblemErrorReportValve extends ErrorReportValve {

    ProblemErrorReportValve() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        try {
            response.resetBuffer();
            SecurityHeaders.applyTo(response, request.isSecure());
            HttpStatus known = HttpStatus.resolve(status);
            String title = known == null ? "Error" : known.getReasonPhrase();
            response.setContentType("application/problem+json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            Writer w = response.getReporter();
            if (w != null) {
                w.write("{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + status
                        + ",\"detail\":\"The request was refused before it reached the application\"}");
                w.flush();
            }
        } catch (IOException | IllegalStateException e) {
            // the client is gone or the response was committed meanwhile: nothing more to say
        }
    }
}
