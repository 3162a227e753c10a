package com.gpuquote.pricing;

import java.util.List;

/**
 * What an import would do, computed without writing anything.
 *
 * @param read the validated file; when invalid, {@code diff} is null and {@link #errors()} holds every error
 * @param diff current draft rows → file rows; null when the file is invalid
 */
public record ImportPreview(CsvReadResult read, PriceListDiff diff) {

    public boolean isValid() {
        return read.isValid();
    }

    public List<CsvError> errors() {
        return read.errors();
    }
}
