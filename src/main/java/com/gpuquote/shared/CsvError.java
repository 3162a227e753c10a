package com.gpuquote.shared;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One error of an uploaded CSV file (price lists, catalog) or of the form that edits one of its rows, shown to the user
 * with its row and column. Each feature has its own codes ({@link Code}); the shape is this one record.
 *
 * @param row     CSV record number, header = 1 (the spreadsheet row unless a quoted cell contains a line break);
 *                0 for errors about the whole file (size, encoding) and for form input
 * @param column  header name of the offending column (also the form field); null for whole-file errors
 * @param code    stable code; the UI translates {@link Code#messageKey()} with {@code args}
 * @param args    message arguments (the offending value first)
 * @param message English default message
 */
public record CsvError(int row, @Nullable String column, Code code, List<String> args, String message) {

    /** A feature's error code: an enum with a bundle key and an English default pattern. */
    public interface Code {
        String name();

        String messageKey();

        String defaultMessage(Object... args);
    }

    public CsvError {
        Objects.requireNonNull(code, "code");
        args = List.copyOf(args);
        Objects.requireNonNull(message, "message");
    }

    public static CsvError of(int row, String column, Code code, String... args) {
        return new CsvError(row, column, code, List.of(args), code.defaultMessage((Object[]) args));
    }
}
