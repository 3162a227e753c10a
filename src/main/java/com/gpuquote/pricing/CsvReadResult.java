package com.gpuquote.pricing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.CsvError;
import java.nio.charset.Charset;
import java.util.List;

/**
 * Outcome of reading a price list CSV. Rows are only meaningful when {@link #isValid()}; an invalid file must not
 * be applied at all.
 *
 * @param rows       rows without errors, in file order
 * @param errors     errors in file order, at most {@link PriceListCsv#MAX_REPORTED_ERRORS}
 * @param errorCount number of errors found, including those beyond the reported ones
 * @param charset    charset used to decode the file (null when it was refused before decoding)
 * @param dataRows   number of non-blank data rows read
 */
public record CsvReadResult(List<PriceRow> rows, List<CsvError> errors, int errorCount, @Nullable Charset charset,
                            int dataRows) {

    public CsvReadResult {
        rows = List.copyOf(rows);
        errors = List.copyOf(errors);
    }

    public boolean isValid() {
        return errorCount == 0;
    }

    public boolean errorsTruncated() {
        return errorCount > errors.size();
    }
}
