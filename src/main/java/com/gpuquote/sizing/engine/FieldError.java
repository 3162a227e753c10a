package com.gpuquote.sizing.engine;

/**
 * One rejected input field. {@code field} is the JSON path of the request ({@code model.parameters},
 * {@code zeroStage}, {@code offload} …), {@code code} a stable message code (bundle key
 * {@code sizing.validation.<code>}), {@code message} the English text.
 */
public record FieldError(String field, String code, String message) {
}
