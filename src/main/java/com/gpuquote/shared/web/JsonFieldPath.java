package com.gpuquote.shared.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import org.springframework.http.converter.HttpMessageNotReadableException;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The dotted JSON path of the field Jackson could not read, e.g. {@code model.parameters}; {@code body} when the
 * body as a whole is unreadable (not JSON, too deeply nested), so every error names a field.
 */
final class JsonFieldPath {
    static final String WHOLE_BODY = "body";

    private JsonFieldPath() {
    }

    static String of(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            return jme.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
        }
        if (e.getCause() instanceof StreamReadException sre && sre.getProcessor() instanceof JsonParser) {
            String path = pathOf(((JsonParser) sre.getProcessor()).getParsingContext());
            if (!path.isEmpty()) {
                return path;
            }
        }
        return WHOLE_BODY;
    }

    private static String pathOf(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                parts.addFirst("." + c.getCurrentName());
            } else if (c.inArray()) {
                parts.addFirst("[" + Math.max(0, c.getCurrentIndex()) + "]");
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }

    /** A message without Java class names: the accepted values of an enum, or the expected JSON type. */
    static String describe(HttpMessageNotReadableException e, String fallback) {
        if (e.getCause() instanceof InputRuleViolation v) {
            return v.getOriginalMessage();
        }
        if (e.getCause() instanceof InvalidFormatException ife && ife.getTargetType() != null
                && ife.getTargetType().isEnum()) {
            return "unknown value '" + ife.getValue() + "'; expected one of " + java.util.Arrays
                    .stream(ife.getTargetType().getEnumConstants()).map(String::valueOf).collect(Collectors.joining(", "));
        }
        if (e.getCause() instanceof MismatchedInputException mie && mie.getTargetType() != null) {
            return "expected " + expected(mie.getTargetType());
        }
        if (e.getCause() instanceof StreamReadException sre) {
            String m = sre.getOriginalMessage();
            if (m != null && m.contains("out of range")) {
                return "number out of range";
            }
            if (m != null && m.startsWith("Duplicate field")) {
                return "duplicate key";
            }
            if (m != null && m.contains("nesting depth")) {
                return "nested too deeply (at most " + InputJsonConfiguration.MAX_NESTING_DEPTH + " levels)";
            }
            return "not valid JSON";
        }
        return fallback;
    }

    private static String expected(Class<?> t) {
        if (t == Integer.class || t == int.class || t == Long.class || t == long.class || t == Short.class
                || t == short.class || t == java.math.BigInteger.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(t) || t == double.class || t == float.class) {
            return "a number";
        }
        if (t == Boolean.class || t == boolean.class) {
            return "true or false";
        }
        if (t == String.class) {
            return "a string";
        }
        if (t == java.util.UUID.class) {
            return "a UUID";
        }
        if (t == Instant.class || t == OffsetDateTime.class) {
            return "an ISO-8601 date or date-time (e.g. 2030-01-01 or 2030-01-01T00:00:00Z)";
        }
        if (t == LocalDate.class) {
            return "an ISO-8601 date (e.g. 2030-01-01)";
        }
        if (t.isEnum()) {
            return "one of " + java.util.Arrays.stream(t.getEnumConstants()).map(String::valueOf)
                    .collect(Collectors.joining(", "));
        }
        if (t.isArray() || Collection.class.isAssignableFrom(t)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(t) || t.isRecord() || !t.isPrimitive()) {
            return "a JSON object";
        }
        return "a different JSON type";
    }
}
