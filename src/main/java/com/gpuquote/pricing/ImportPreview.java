package com.gpuquote.pricing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.CsvError;
import java.util.List;

/**
 * What an import would do, computed without writing anything.
 *
 * @param read the validated file; when invalid, {@code diff} is null and {@link #errors()} holds every error
 * @param diff current draft rows → file rows; null when the file is invalid
 * @param draftRowVersion the draft's {@link PriceList#rowVersion()} the diff was computed against: pass it to
 *                        {@link PriceListService#applyImport(PriceListId, byte[], java.nio.charset.Charset, Integer)}
 *                        so that exactly this preview is applied
 */
public record ImportPreview(CsvReadResult read, @Nullable PriceListDiff diff, int draftRowVersion) {

    public boolean isValid() {
        return read.isValid();
    }

    public List<CsvError> errors() {
        return read.errors();
    }
}
