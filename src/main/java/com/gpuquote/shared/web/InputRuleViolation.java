package com.gpuquote.shared.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/** A JSON value of the right type that breaks a shared input rule; Jackson adds the field's path on the way out. */
final class InputRuleViolation extends MismatchedInputException {

    InputRuleViolation(JsonParser parser, String message, Class<?> targetType) {
        super(parser, message, targetType);
    }
}
