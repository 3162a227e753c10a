package com.gpuquote.catalog;

import java.util.List;
import java.util.Objects;

/**
 * One error of an instance type CSV (or of the editor form, row 0 there).
 *
 * @param row    CSV record number, header = 1; 0 for whole-file errors and form input
 * @param column CSV column name (also the form field); null for whole-file errors
 */
public record CatalogCsvError(int row, String column, CatalogCsvErrorCode code, List<String> args, String message) {

    public CatalogCsvError {
        Objects.requireNonNull(code, "code");
        args = List.copyOf(args);
        Objects.requireNonNull(message, "message");
    }

    public static CatalogCsvError of(int row, String column, CatalogCsvErrorCode code, String... args) {
        return new CatalogCsvError(row, column, code, List.of(args), code.defaultMessage((Object[]) args));
    }
}
