package com.gpuquote.quote.api;

import com.gpuquote.pricing.agreement.AgreementMessages;
import com.gpuquote.pricing.agreement.InvalidAgreementException;
import com.gpuquote.quote.domain.ApprovalDeniedException;
import com.gpuquote.quote.IllegalQuoteTransitionException;
import com.gpuquote.quote.domain.InvalidQuoteException;
import com.gpuquote.quote.QuoteMessages;
import com.gpuquote.quote.domain.QuoteNotEditableException;
import com.gpuquote.quote.domain.SelfApprovalException;
import com.gpuquote.shared.FieldError;
import com.gpuquote.shared.I18n;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Problem details for the quote and agreement domain exceptions (the services already translate most of them to
 * the shared exceptions; this is the one mapping for whatever the domain throws directly).
 */
@RestControllerAdvice(basePackages = "com.gpuquote")
class QuoteProblemAdvice {

    /**
     * 403 naming the role the waiting step needs ({@code requiredRole}, an enum value clients may key on); the detail
     * is English unless the request asks for Chinese (Accept-Language zh), as the API spoke English before.
     */
    @ExceptionHandler(ApprovalDeniedException.class)
    ProblemDetail approvalDenied(ApprovalDeniedException e, HttpServletRequest request) {
        String language = request.getHeader("Accept-Language");
        Locale locale = language != null && language.strip().toLowerCase(Locale.ROOT).startsWith("zh")
                ? I18n.CHINESE : I18n.ENGLISH;
        ProblemDetail p = problem(HttpStatus.FORBIDDEN, "forbidden", "Forbidden", e.message(locale));
        p.setProperty("code", e instanceof SelfApprovalException ? "quote.error.selfApproval"
                : e.requiredRole() == null ? e.messageKey() : "quote.error.approvalDenied");
        if (e.requiredRole() != null) {
            p.setProperty("requiredRole", e.requiredRole().name());
        }
        return p;
    }

    @ExceptionHandler(IllegalQuoteTransitionException.class)
    ProblemDetail illegalTransition(IllegalQuoteTransitionException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "conflict", "Conflict", e.getMessage());
        p.setProperty("code", "quote.error.illegalTransition");
        return p;
    }

    @ExceptionHandler(QuoteNotEditableException.class)
    ProblemDetail notEditable(QuoteNotEditableException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "conflict", "Conflict", e.getMessage());
        p.setProperty("code", "quote.error.notEditable");
        return p;
    }

    @ExceptionHandler(InvalidQuoteException.class)
    ProblemDetail invalidQuote(InvalidQuoteException e) {
        return invalid(QuoteMessages.toFieldErrors(e.errors()));
    }

    @ExceptionHandler(InvalidAgreementException.class)
    ProblemDetail invalidAgreement(InvalidAgreementException e) {
        return invalid(AgreementMessages.toFieldErrors(e.errors()));
    }

    private static ProblemDetail invalid(List<FieldError> errors) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "invalid-input", "Invalid input",
                errors.stream().map(f -> f.field() + ": " + f.message()).reduce((a, b) -> a + "; " + b).orElse(""));
        p.setProperty("errors", errors.stream()
                .map(f -> Map.of("field", f.field(), "code", f.code(), "message", f.message())).toList());
        return p;
    }

    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create("https://gpuquote.dev/problems/" + type));
        p.setTitle(title);
        return p;
    }
}
