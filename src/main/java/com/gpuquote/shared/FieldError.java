package com.gpuquote.shared;

/** One bad input field: the field as named in the API, a stable code, and an English message. */
public record FieldError(String field, String code, String message) {
}
