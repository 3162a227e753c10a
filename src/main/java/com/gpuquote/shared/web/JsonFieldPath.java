package com.gpuquote.shared.web;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import org.springframework.http.converter.HttpMessageNotReadableException;

import java.util.stream.Collectors;

/** The dotted JSON path of the field Jackson could not read, e.g. {@code model.parameters}. */
final class JsonFieldPath {
    private JsonFieldPath() {
    }

    static String of(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            return jme.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
        }
        return null;
    }

    /** A message without Java class names: the accepted values of an enum, or the expected JSON type. */
    static String describe(HttpMessageNotReadableException e, String fallback) {
        if (e.getCause() instanceof InvalidFormatException ife && ife.getTargetType() != null
                && ife.getTargetType().isEnum()) {
            return "unknown value '" + ife.getValue() + "'; expected one of " + java.util.Arrays
                    .stream(ife.getTargetType().getEnumConstants()).map(String::valueOf).collect(Collectors.joining(", "));
        }
        if (e.getCause() instanceof MismatchedInputException mie && mie.getTargetType() != null) {
            Class<?> t = mie.getTargetType();
            String expected = Number.class.isAssignableFrom(t) || (t.isPrimitive() && t != boolean.class) ? "a number"
                    : t == Boolean.class || t == boolean.class ? "true or false"
                    : t == String.class ? "a string" : t == java.util.UUID.class ? "a UUID" : "a JSON object";
            return "expected " + expected;
        }
        return fallback;
    }
}
