package com.gpuquote.pricing;

/** Counts of an applied import (compared with the draft's rows before). */
public record ImportResult(int added, int changed, int removed, int unchanged) {

    static ImportResult of(PriceListDiff diff) {
        return new ImportResult(diff.added().size(), diff.changed().size(), diff.removed().size(), diff.unchanged());
    }
}
