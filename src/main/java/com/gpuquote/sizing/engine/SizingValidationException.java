package com.gpuquote.sizing.engine;

import java.util.List;

/** Thrown with every invalid field of a request at once; the REST layer maps it to a 400 problem detail. */
public class SizingValidationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<FieldError> errors;

    public SizingValidationException(List<FieldError> errors) {
        super(summary(errors));
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }

    private static String summary(List<FieldError> errors) {
        StringBuilder sb = new StringBuilder("invalid sizing input:");
        for (FieldError e : errors) {
            sb.append(' ').append(e.field()).append(" (").append(e.message()).append(')');
        }
        return sb.toString();
    }
}
