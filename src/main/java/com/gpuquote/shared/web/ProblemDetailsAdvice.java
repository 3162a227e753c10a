package com.gpuquote.shared.web;

import com.gpuquote.shared.ConflictException;
import com.gpuquote.shared.InvalidInputException;
import com.gpuquote.shared.NotFoundException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Maps the application's exceptions, once, to RFC 9457 problem details for the REST API. Ordered before Spring's
 * own problem-details handler so unreadable bodies name the bad field.
 */
@RestControllerAdvice(basePackages = "com.gpuquote")
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ProblemDetailsAdvice {

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "not-found", "Not found", e.getMessage());
    }

    @ExceptionHandler(ConflictException.class)
    ProblemDetail conflict(ConflictException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "conflict", "Conflict", e.getMessage());
        p.setProperty("code", e.messageKey());
        return p;
    }

    @ExceptionHandler(OptimisticLockingFailureException.class)
    ProblemDetail staleWrite(OptimisticLockingFailureException e) {
        return problem(HttpStatus.CONFLICT, "conflict", "Conflict",
                "Someone else changed this in the meantime; reload and try again");
    }

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalid(InvalidInputException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "invalid-input", "Invalid input", e.getMessage());
        p.setProperty("errors", e.errors().stream()
                .map(f -> Map.of("field", f.field(), "code", f.code(), "message", f.message())).toList());
        return p;
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        String field = JsonFieldPath.of(e);
        String message = JsonFieldPath.describe(e, firstLine(e.getMostSpecificCause().getMessage()));
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "invalid-input", "Invalid input",
                "The request body is not valid JSON for this endpoint: " + field + ": " + message);
        p.setProperty("errors", List.of(Map.of("field", field, "code", "invalid", "message", message)));
        return p;
    }

    /**
     * The generic guard: whatever the edge rules and the services did not catch and the database refused (a check or
     * not-null constraint, a value out of a column's range, a NUL byte) is the client's input, so a 400 naming the
     * column, or 409 for a duplicate; never a 500. The transaction has rolled back, so nothing is half-saved.
     */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail refusedByDatabase(DataIntegrityViolationException e) {
        DatabaseRefusal refusal = DatabaseRefusal.of(e);
        if (refusal.duplicate()) {
            ProblemDetail p = problem(HttpStatus.CONFLICT, "conflict", "Conflict", "This already exists");
            p.setProperty("code", "duplicate");
            p.setProperty("errors", List.of(Map.of("field", refusal.field(), "code", "duplicate",
                    "message", "already exists")));
            return p;
        }
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "invalid-input", "Invalid input",
                refusal.field() + ": " + refusal.message());
        p.setProperty("errors", List.of(Map.of("field", refusal.field(), "code", "invalid",
                "message", refusal.message())));
        return p;
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ProblemDetail typeMismatch(MethodArgumentTypeMismatchException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "invalid-input", "Invalid input",
                "Parameter '" + e.getName() + "' has an invalid value");
        p.setProperty("errors", List.of(Map.of("field", e.getName(), "code", "invalid", "message", "invalid value")));
        return p;
    }

    @ExceptionHandler(AccessDeniedException.class)
    ProblemDetail denied(AccessDeniedException e) {
        return problem(HttpStatus.FORBIDDEN, "forbidden", "Forbidden", "You may not do this");
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create("https://gpuquote.dev/problems/" + type));
        p.setTitle(title);
        return p;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
