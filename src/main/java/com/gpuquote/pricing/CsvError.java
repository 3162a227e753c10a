package com.gpuquote.pricing;

import java.util.List;
import java.util.Objects;

/**
 * One validation error of a price list CSV.
 *
 * @param row     CSV record number, header = 1 (the spreadsheet row unless a quoted cell contains a line break);
 *                0 for errors about the whole file (size, encoding)
 * @param column  header name of the offending column; null for whole-file errors
 * @param code    stable code for translation
 * @param args    message arguments (the offending value first), for {@link CsvErrorCode#messageKey()}
 * @param message English default message
 */
public record CsvError(int row, String column, CsvErrorCode code, List<String> args, String message) {

    public CsvError {
        Objects.requireNonNull(code, "code");
        args = List.copyOf(args);
        Objects.requireNonNull(message, "message");
    }

    public static CsvError of(int row, String column, CsvErrorCode code, String... args) {
        List<String> argList = List.of(args);
        return new CsvError(row, column, code, argList, code.defaultMessage((Object[]) args));
    }
}
