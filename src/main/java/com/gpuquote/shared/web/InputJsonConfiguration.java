package com.gpuquote.shared.web;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.gpuquote.shared.InputRules;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The REST edge's input rules, applied to every JSON body of every feature before a controller sees it (ADR 1102):
 * strings without control characters, numbers that fit the money columns, dates and instants within
 * {@link InputRules#EARLIEST_DATE}..{@link InputRules#LATEST_DATE}, a plain date wherever an instant is asked (the
 * start of that day in the business zone), no coercion between JSON types ({@code "name": 123},
 * {@code "quantity": 1.5} and {@code "quantity": "2"} are refused), no key twice in one object, and at most 64
 * levels of nesting.
 */
@Configuration
class InputJsonConfiguration {

    static final int MAX_NESTING_DEPTH = 64;

    @Bean
    Jackson2ObjectMapperBuilderCustomizer gpuquoteInputRules() {
        return builder -> builder
                .featuresToDisable(MapperFeature.ALLOW_COERCION_OF_SCALARS,
                        DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                // {"text":"a","text":"b"}: which one counts is up to each reader (a proxy, a WAF, us); refused
                .featuresToEnable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS) // "{} {}": one body, not two
                .postConfigurer(mapper -> {
                    mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_NESTING_DEPTH).maxStringLength(1_000_000).build());
                    mapper.coercionConfigFor(LogicalType.Textual)
                            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
                    mapper.coercionConfigFor(LogicalType.Integer)
                            .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
                    mapper.coercionConfigFor(LogicalType.Float)
                            .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
                    mapper.coercionConfigFor(LogicalType.Boolean)
                            .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
                    mapper.registerModule(new SimpleModule("gpuquote-input-rules")
                            .addDeserializer(String.class, new CleanString())
                            .addDeserializer(BigDecimal.class, new BoundedDecimal())
                            .addDeserializer(Instant.class, new StartInstant())
                            .addDeserializer(LocalDate.class, new WindowDate()));
                });
    }

    /** Strings: JSON strings only (no numbers or booleans turned into text), without control characters. */
    static final class CleanString extends StdScalarDeserializer<String> {
        CleanString() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                // objects, arrays, numbers, booleans: the default refuses them with the coercion config above
                return StringDeserializer.instance.deserialize(p, ctxt);
            }
            String text = p.getText();
            String problem = InputRules.textProblem(text).orElse(null);
            if (problem != null) {
                throw new InputRuleViolation(p, problem, String.class);
            }
            if (isSingleLineField(p.currentName()) && !InputRules.isSingleLine(text)) {
                throw new InputRuleViolation(p, "must be a single line (no line breaks or tabs)", String.class);
            }
            return text;
        }

        /**
         * Names, codes, e-mail addresses, phone numbers and the like are one line wherever they appear (a line break
         * in a name would split a CSV cell, a PDF heading or a mail subject); descriptions, notes, comments, reasons
         * and questions keep their line breaks.
         */
        static boolean isSingleLineField(String property) {
            if (property == null) {
                return false;
            }
            // every string of every request body passes here: compared in place, no lower-cased copy (issue 18)
            for (String suffix : SINGLE_LINE_SUFFIXES) {
                if (property.regionMatches(true, property.length() - suffix.length(), suffix, 0, suffix.length())) {
                    return true;
                }
            }
            return false;
        }

        private static final List<String> SINGLE_LINE_SUFFIXES = List.of("name", "email", "phone", "title", "code",
                "instancetype", "region", "provider", "currency", "slug", "language", "locale", "role", "taxid",
                "bank", "account");
    }

    /** Numbers: JSON numbers, or decimal strings of at most 40 characters (no exponents, so no 1e999999999). */
    static final class BoundedDecimal extends StdScalarDeserializer<BigDecimal> {
        private static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile("[-+]?\\d{1,30}(\\.\\d{1,10})?");

        BoundedDecimal() {
            super(BigDecimal.class);
        }

        @Override
        public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            BigDecimal value;
            if (p.hasToken(JsonToken.VALUE_NUMBER_INT) || p.hasToken(JsonToken.VALUE_NUMBER_FLOAT)) {
                value = p.getDecimalValue();
            } else if (p.hasToken(JsonToken.VALUE_STRING) && DECIMAL.matcher(p.getText().strip()).matches()) {
                value = new BigDecimal(p.getText().strip()); // amounts as strings ("1234.50"), as the API answers them
            } else {
                throw new InputRuleViolation(p, "expected a number", BigDecimal.class);
            }
            if (!InputRules.fitsMoney(value)) {
                throw new InputRuleViolation(p, "at most " + InputRules.MAX_INTEGER_DIGITS
                        + " digits before the decimal point", BigDecimal.class);
            }
            return value;
        }
    }

    /** Where an instant is asked: an ISO-8601 date-time, or a plain date meaning the start of that business day. */
    static final class StartInstant extends StdScalarDeserializer<Instant> {
        StartInstant() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String expected = "expected an ISO-8601 date or date-time (e.g. 2030-01-01 or 2030-01-01T00:00:00Z)";
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                throw new InputRuleViolation(p, expected, Instant.class);
            }
            Instant at = InputRules.parseStart(p.getText()).orElse(null);
            if (at == null) {
                throw new InputRuleViolation(p, expected, Instant.class);
            }
            if (!InputRules.inWindow(at)) {
                throw new InputRuleViolation(p, "must be " + InputRules.windowText(), Instant.class);
            }
            return at;
        }
    }

    static final class WindowDate extends StdScalarDeserializer<LocalDate> {
        WindowDate() {
            super(LocalDate.class);
        }

        @Override
        public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String expected = "expected an ISO-8601 date (e.g. 2030-01-01)";
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                throw new InputRuleViolation(p, expected, LocalDate.class);
            }
            LocalDate day;
            try {
                day = LocalDate.parse(p.getText().strip());
            } catch (DateTimeParseException e) {
                throw new InputRuleViolation(p, expected, LocalDate.class);
            }
            if (!InputRules.inWindow(day)) {
                throw new InputRuleViolation(p, "must be " + InputRules.windowText(), LocalDate.class);
            }
            return day;
        }
    }
}
