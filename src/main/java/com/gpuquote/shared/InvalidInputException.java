package com.gpuquote.shared;

import java.util.List;

/** Bad input; carries every bad field at once so the user fixes them in one go. Nothing was saved. */
public class InvalidInputException extends RuntimeException {
    private final List<FieldError> errors;

    public InvalidInputException(List<FieldError> errors) {
        super(errors.stream().map(e -> e.field() + ": " + e.message()).reduce((a, b) -> a + "; " + b).orElse("invalid input"));
        this.errors = List.copyOf(errors);
    }

    public static InvalidInputException of(String field, String code, String message) {
        return new InvalidInputException(List.of(new FieldError(field, code, message)));
    }

    public List<FieldError> errors() {
        return errors;
    }
}
