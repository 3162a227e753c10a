package com.gpuquote.shared;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One bad input field: the field as named in the API, a stable code, an English message, and the arguments of the
 * code's bundle pattern (the UI translates {@code code} with them; empty when the pattern has none).
 */
public record FieldError(String field, String code, String message, List<Object> args) {

    public FieldError {
        // arguments may be null (e.g. a missing value); kept in order
        args = args == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(args));
    }

    public FieldError(String field, String code, String message) {
        this(field, code, message, List.of());
    }
}
