package com.gpuquote.shared;

import java.util.ArrayList;
import java.util.List;

/** Collects field errors and throws them together. */
public final class Validation {
    private final List<FieldError> errors = new ArrayList<>();

    public Validation check(boolean ok, String field, String code, String message) {
        if (!ok) {
            errors.add(new FieldError(field, code, message));
        }
        return this;
    }

    public Validation add(String field, String code, String message) {
        errors.add(new FieldError(field, code, message));
        return this;
    }

    /** With the arguments of the code's bundle pattern (see {@link FieldError#args()}). */
    public Validation add(String field, String code, String message, Object... args) {
        errors.add(new FieldError(field, code, message, java.util.Arrays.asList(args)));
        return this;
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    public void throwIfInvalid() {
        if (!errors.isEmpty()) {
            throw new InvalidInputException(errors);
        }
    }
}
