package com.gpuquote.shared.web;

import com.fasterxml.jackson.databind.JsonMappingException;
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
}
