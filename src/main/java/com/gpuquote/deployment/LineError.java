package com.gpuquote.deployment;

import com.gpuquote.shared.I18n;

import java.util.List;
import java.util.Locale;

/**
 * One problem of an uploaded utilisation file: its 1-based line number (0 = the file as a whole), a stable code
 * (bundle key {@code deployment.import.error.<code>}) and the pattern's arguments.
 */
public record LineError(int line, String code, List<Object> args) {

    public LineError {
        args = List.copyOf(args);
    }

    public static LineError of(int line, String code, Object... args) {
        return new LineError(line, code, List.of(args));
    }

    /** The message in the given language. */
    public String message(Locale locale) {
        return I18n.get(locale, "deployment.import.error." + code, args.toArray());
    }

    /** The message in English, as the REST API answers it. */
    public String message() {
        return message(I18n.ENGLISH);
    }
}
