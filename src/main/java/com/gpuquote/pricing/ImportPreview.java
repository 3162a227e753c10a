package com.gpuquote.pricing;

import org.jspecify.annotations.Nullable;
import com.gpuquote.shared.CsvError;

import java.math.BigDecimal;
import java.util.List;

/**
 * What an import would do, computed without writing anything.
 *
 * @param read            the validated file; when invalid, {@code diff} is null and {@link #errors()} holds every error
 * @param diff            current draft rows → file rows; null when the file is invalid
 * @param draftRowVersion the draft's {@link PriceList#rowVersion()} the diff was computed against: pass it to
 *                        {@link PriceListService#applyImport(PriceListId, byte[], java.nio.charset.Charset, Integer)}
 *                        so that exactly this preview is applied
 * @param warnings        implausible rows of a valid file, in file order (issue 39; they never block the import)
 * @param belowFloorRows  how many of the file's rows have a margin on list price under {@code marginFloor}
 * @param marginFloor     the tenant's margin floor the count used, a fraction (0.05 = 5 %); null for an invalid file
 */
public record ImportPreview(CsvReadResult read, @Nullable PriceListDiff diff, int draftRowVersion,
                            List<ImportWarning> warnings, int belowFloorRows, @Nullable BigDecimal marginFloor) {

    public ImportPreview {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    public ImportPreview(CsvReadResult read, @Nullable PriceListDiff diff, int draftRowVersion) {
        this(read, diff, draftRowVersion, List.of(), 0, null);
    }

    public boolean isValid() {
        return read.isValid();
    }

    public List<CsvError> errors() {
        return read.errors();
    }
}
