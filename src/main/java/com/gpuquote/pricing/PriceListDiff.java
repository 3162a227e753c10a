package com.gpuquote.pricing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Preview of replacing a price list's rows ({@code current}) with new ones ({@code incoming}), matched by
 * {@link PriceKey}. All lists are sorted by key. A change is flagged when the list or the cost price moves by
 * more than {@link #FLAG_THRESHOLD_PERCENT} percent (exactly 20 % is not flagged), or from zero to non-zero.
 */
public record PriceListDiff(List<PriceRow> added, List<PriceRow> removed, List<Change> changed, int unchanged) {

    public static final BigDecimal FLAG_THRESHOLD_PERCENT = new BigDecimal("20");
    /** Scale of the displayed percentages. */
    public static final int PERCENT_SCALE = 2;

    private static final BigDecimal HUNDRED = new BigDecimal("100");

    public PriceListDiff {
        added = List.copyOf(added);
        removed = List.copyOf(removed);
        changed = List.copyOf(changed);
    }

    /**
     * @param listPriceChangePercent (new - old) / old * 100, HALF_UP to 2 decimals; null when old is 0 and new is not
     * @param costPriceChangePercent same for the cost price
     */
    public record Change(PriceRow before, PriceRow after, @Nullable BigDecimal listPriceChangePercent,
                         @Nullable BigDecimal costPriceChangePercent, boolean flagged) {
        public PriceKey key() {
            return after.key();
        }
    }

    /** @throws IllegalArgumentException when a side holds the same key twice (validate first) */
    public static PriceListDiff between(Collection<PriceRow> current, Collection<PriceRow> incoming) {
        Map<PriceKey, PriceRow> before = index(current, "current");
        Map<PriceKey, PriceRow> after = index(incoming, "incoming");
        List<PriceRow> added = new ArrayList<>();
        List<PriceRow> removed = new ArrayList<>();
        List<Change> changed = new ArrayList<>();
        int unchanged = 0;
        for (PriceRow row : after.values()) {
            PriceRow old = before.get(row.key());
            if (old == null) {
                added.add(row);
            } else if (samePrices(old, row)) {
                unchanged++;
            } else {
                boolean flagged = exceedsThreshold(old.listPrice(), row.listPrice())
                        || exceedsThreshold(old.costPrice(), row.costPrice());
                changed.add(new Change(old, row, percent(old.listPrice(), row.listPrice()),
                        percent(old.costPrice(), row.costPrice()), flagged));
            }
        }
        for (PriceRow row : before.values()) {
            if (!after.containsKey(row.key())) {
                removed.add(row);
            }
        }
        changed.sort(Comparator.comparing(Change::key));
        return new PriceListDiff(added, removed, changed, unchanged);
    }

    /**
     * The same comparison for an {@link ImportMode#UPSERT}: nothing is removed, so the rows the file leaves out
     * count as unchanged (after the import the draft holds added + changed + unchanged rows, as after a replace).
     */
    public PriceListDiff keepingAbsentRows() {
        return new PriceListDiff(added, List.of(), changed, unchanged + removed.size());
    }

    public List<Change> flagged() {
        return changed.stream().filter(Change::flagged).toList();
    }

    public boolean isEmpty() {
        return added.isEmpty() && removed.isEmpty() && changed.isEmpty();
    }

    private static Map<PriceKey, PriceRow> index(Collection<PriceRow> rows, String side) {
        Map<PriceKey, PriceRow> map = new TreeMap<>();
        for (PriceRow row : rows) {
            if (map.put(row.key(), row) != null) {
                throw new IllegalArgumentException("duplicate key in " + side + " rows: " + row.key());
            }
        }
        return map;
    }

    private static boolean samePrices(PriceRow a, PriceRow b) {
        return a.listPrice().compareTo(b.listPrice()) == 0
                && a.costPrice().compareTo(b.costPrice()) == 0
                && Objects.equals(a.currency(), b.currency());
    }

    static @Nullable BigDecimal percent(BigDecimal oldValue, BigDecimal newValue) {
        if (oldValue.compareTo(newValue) == 0) {
            return BigDecimal.ZERO.setScale(PERCENT_SCALE);
        }
        if (oldValue.signum() == 0) {
            return null;
        }
        return newValue.subtract(oldValue).multiply(HUNDRED).divide(oldValue, PERCENT_SCALE, RoundingMode.HALF_UP);
    }

    /** Exact: |new - old| * 100 > 20 * old, so 20.001 % is flagged even though it displays as 20.00. */
    static boolean exceedsThreshold(BigDecimal oldValue, BigDecimal newValue) {
        if (oldValue.signum() == 0) {
            return newValue.signum() != 0;
        }
        return newValue.subtract(oldValue).abs().multiply(HUNDRED).compareTo(FLAG_THRESHOLD_PERCENT.multiply(oldValue)) > 0;
    }
}
