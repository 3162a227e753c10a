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
 * @param rowNumbers see the canonical constructor
 */
public record CsvReadResult(List<PriceRow> rows, List<CsvError> errors, int errorCount, @Nullable Charset charset,
                            int dataRows, List<Integer> rowNumbers) {

    /**
     * @param rowNumbers the file's row number of each of {@code rows} (same order; the header is row 1), as errors
     *                   number them; empty when not known
     */
    public CsvReadResult {
        rows = List.copyOf(rows);
        errors = List.copyOf(errors);
        rowNumbers = rowNumbers == null ? List.of() : List.copyOf(rowNumbers);
    }

    public CsvReadResult(List<PriceRow> rows, List<CsvError> errors, int errorCount, @Nullable Charset charset,
                         int dataRows) {
        this(rows, errors, errorCount, charset, dataRows, List.of());
    }

    /** The file's row number of {@code rows().get(index)}; 0 when not known. */
    public int rowNumber(int index) {
        return index < rowNumbers.size() ? rowNumbers.get(index) : 0;
    }

    public boolean isValid() {
        return errorCount == 0;
    }

    public boolean errorsTruncated() {
        return errorCount > errors.size();
    }
}
