package com.gpuquote.pricing;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.Margin;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The plausibility checks of a price-list import preview (issue 39), on the rows of a valid file. They warn, never
 * refuse:
 * <ul>
 *   <li>{@code LIST_ZERO}: list price 0;</li>
 *   <li>{@code COST_ABOVE_LIST}: cost price above the list price (equal is not above);</li>
 *   <li>{@code SPOT_ABOVE_HOURLY}: a SPOT list price above the HOURLY list price of the same provider, type and region
 *       in the list as it would be after the import (the file's HOURLY row, or for an upsert the draft's);</li>
 *   <li>{@code CHANGE_OVER_20_PERCENT}: the list or the cost price moves by more than 20 % (exactly 20 % does not;
 *       from 0 to anything does) against the price in force now for the same row, the published list quotes are
 *       priced at today; a row with nothing in force has nothing to compare;</li>
 * </ul>
 * and count the rows whose margin on list price, (list − cost) / list, would be under the tenant's floor
 * ({@link Margin#isBelowFloor}: list × (1 − floor) &lt; cost).
 */
final class ImportChecks {

    record Result(List<ImportWarning> warnings, int belowFloorRows) {
    }

    private ImportChecks() {
    }

    /**
     * @param read    a valid file
     * @param kept    the draft's rows an upsert keeps beside the file's (empty for a replace)
     * @param inForce the rows of the list in force now (empty when none)
     * @param floor   the tenant's margin floor, a fraction (0.05 = 5 %)
     */
    static Result of(CsvReadResult read, List<PriceRow> kept, List<PriceRow> inForce, BigDecimal floor) {
        Map<PriceKey, PriceRow> after = new HashMap<>();
        kept.forEach(r -> after.put(r.key(), r));
        read.rows().forEach(r -> after.put(r.key(), r));
        Map<PriceKey, PriceRow> live = new HashMap<>();
        inForce.forEach(r -> live.put(r.key(), r));

        List<ImportWarning> warnings = new ArrayList<>();
        int belowFloor = 0;
        for (int i = 0; i < read.rows().size(); i++) {
            PriceRow r = read.rows().get(i);
            int row = read.rowNumber(i);
            PriceKey key = r.key();
            if (r.listPrice().signum() == 0) {
                warnings.add(new ImportWarning(row, ImportWarning.Code.LIST_ZERO, key, "listPrice", r.listPrice(),
                        null, null));
            }
            if (r.costPrice().compareTo(r.listPrice()) > 0) {
                warnings.add(new ImportWarning(row, ImportWarning.Code.COST_ABOVE_LIST, key, "costPrice",
                        r.costPrice(), r.listPrice(), null));
            }
            if (r.billingMode() == BillingMode.SPOT) {
                PriceRow hourly = after.get(new PriceKey(key.provider(), key.instanceType(), key.region(),
                        BillingMode.HOURLY));
                if (hourly != null && r.listPrice().compareTo(hourly.listPrice()) > 0) {
                    warnings.add(new ImportWarning(row, ImportWarning.Code.SPOT_ABOVE_HOURLY, key, "listPrice",
                            r.listPrice(), hourly.listPrice(), null));
                }
            }
            PriceRow old = live.get(key);
            if (old != null) {
                change(row, key, "listPrice", old.listPrice(), r.listPrice(), warnings);
                change(row, key, "costPrice", old.costPrice(), r.costPrice(), warnings);
            }
            if (Margin.isBelowFloor(r.listPrice(), r.costPrice(), floor)) {
                belowFloor++;
            }
        }
        return new Result(warnings, belowFloor);
    }

    private static void change(int row, PriceKey key, String field, BigDecimal old, BigDecimal now,
                               List<ImportWarning> warnings) {
        if (PriceListDiff.exceedsThreshold(old, now)) {
            warnings.add(new ImportWarning(row, ImportWarning.Code.CHANGE_OVER_20_PERCENT, key, field, now, old,
                    PriceListDiff.percent(old, now)));
        }
    }
}
