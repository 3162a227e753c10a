package com.gpuquote.quote.domain;

/**
 * One validation error of a quote: a field path ({@code options[1].lines[0].termMonths}) and an i18n key
 * (bundle {@code quote}). Maps 1:1 to {@code shared.FieldError} at the service boundary.
 */
public record QuoteError(String field, String messageKey) {
}
