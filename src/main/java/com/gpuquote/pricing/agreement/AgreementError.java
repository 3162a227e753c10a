package com.gpuquote.pricing.agreement;

/**
 * One validation error of an agreement: a field path ({@code validTo}, {@code rules[2].percent}) and an
 * i18n message key (bundle {@code customer}). Maps 1:1 to {@code shared.FieldError} at the service boundary.
 */
public record AgreementError(String field, String messageKey) {
}
