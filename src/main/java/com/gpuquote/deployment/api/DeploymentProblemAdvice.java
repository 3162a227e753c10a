package com.gpuquote.deployment.api;

import com.gpuquote.deployment.HardwareMismatchException;
import com.gpuquote.deployment.UtilizationImportException;
import com.gpuquote.deployment.UtilizationUpload;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** A refused utilisation file: 422 with every error and its line ({@code errors: [{line, code, message}]}). */
@RestControllerAdvice(assignableTypes = DeploymentController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class DeploymentProblemAdvice {

    @ExceptionHandler(UtilizationImportException.class)
    ProblemDetail refused(UtilizationImportException e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY,
                e.errors().size() + " error(s) in the file; nothing was imported");
        p.setType(URI.create("https://gpuquote.dev/problems/invalid-utilization-file"));
        p.setTitle("Invalid utilisation file");
        p.setProperty("errors", e.errors().stream().map(err -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("line", err.line());
            m.put("code", err.code());
            m.put("message", err.message());
            return m;
        }).toList());
        return p;
    }

    /**
     * A file recorded on other GPUs than the deployment's: 422 {@code hardware-mismatch} with every difference
     * ({@code differences: [{field, expected, found, message}]}, messages in the caller's language); nothing stored.
     */
    @ExceptionHandler(HardwareMismatchException.class)
    ProblemDetail hardwareMismatch(HardwareMismatchException e, jakarta.servlet.http.HttpServletRequest request) {
        String language = request.getHeader("Accept-Language");
        java.util.Locale locale = language != null && !language.isBlank()
                ? com.gpuquote.shared.I18n.fromTag(language.split(",")[0].trim())
                : com.gpuquote.shared.I18n.fromTag(com.gpuquote.security.CurrentUser.get().map(u -> u.tenantLocale())
                        .orElse(null));
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY,
                "The file's GPUs differ from the deployment's (" + e.differences().stream().map(d -> d.field()
                        + ": expected " + d.expected() + ", found " + d.found()).collect(java.util.stream.Collectors
                        .joining("; ")) + "); nothing was imported. Send it again with confirmHardware=true to "
                        + "record it anyway.");
        p.setType(URI.create("https://gpuquote.dev/problems/hardware-mismatch"));
        p.setTitle("Hardware mismatch");
        p.setProperty("code", "hardware-mismatch");
        p.setProperty("differences", e.differences().stream().map(d -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("field", d.field());
            m.put("expected", d.expected());
            m.put("found", d.found());
            m.put("message", d.message(locale));
            return m;
        }).toList());
        return p;
    }

    /** A file over the upload limit: 413 {@code too-large}, read no further than the limit and one chunk. */
    @ExceptionHandler(UtilizationUpload.TooLarge.class)
    ProblemDetail tooLarge(UtilizationUpload.TooLarge e) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(HttpStatus.PAYLOAD_TOO_LARGE, e.getMessage());
        p.setType(URI.create("https://gpuquote.dev/problems/too-large"));
        p.setTitle("File too large");
        p.setProperty("code", "too-large");
        p.setProperty("limitBytes", e.limit());
        return p;
    }
}
