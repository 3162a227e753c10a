package com.gpuquote.pricing;

import com.gpuquote.shared.CsvError;
import java.util.List;

/** An import was refused: every error of the file (up to {@link PriceListCsv#MAX_REPORTED_ERRORS}). Nothing was written. */
public class PriceListImportException extends RuntimeException {
    private final transient CsvReadResult result;

    public PriceListImportException(CsvReadResult result) {
        super(result.errorCount() + " error(s) in the price list file"
                + (result.errors().isEmpty() ? "" : "; first: row " + result.errors().get(0).row() + " "
                + result.errors().get(0).message()));
        this.result = result;
    }

    public List<CsvError> errors() {
        return result.errors();
    }

    public int errorCount() {
        return result.errorCount();
    }

    /** True when the whole file was refused for its size (bytes or rows). */
    public boolean tooLarge() {
        return result.errors().stream().anyMatch(e -> e.code() == CsvErrorCode.FILE_TOO_LARGE
                || e.code() == CsvErrorCode.TOO_MANY_ROWS);
    }
}
