package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.commercial.Money;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What changed between two versions of a quote (issue 16), option by option. Plain Java: the service hands it the
 * two versions as {@link Side}s (usually from {@link #side(List)} over the priced {@link OptionView}s) and it
 * decides, per option letter, which lines were added, removed or changed, and the price difference.
 * <p>
 * <b>How lines are matched.</b> Line ids cannot be used: a revision copies every line with a fresh id
 * ({@link QuoteLine#copy()}), so no line of version n+1 has the id of its origin in version n. A line is therefore
 * matched by <i>what it is</i>: an instance line by instance type + region + billing mode (exactly the key its price
 * comes from, so "the same thing bought at another quantity, term or discount" reads as CHANGED, while switching
 * MONTHLY to YEARLY reads as one line removed and one added, which is what it is commercially: another price); a
 * service line by description + charge (monthly / one-time). When an option holds several lines with the same key,
 * the k-th such line of one version is matched with the k-th of the other, in the option's order.
 * <p>
 * Options are matched by letter (A with A), as the customer reads them. Options are alternatives (the customer
 * accepts one): every total is an option's, never a sum over options (issue 39). The quote-level
 * {@code totalBefore}/{@code totalAfter}/{@code difference} exist only when there is one option to speak of (the
 * one option of both versions, A vs A); with more than one option on either side they are null and
 * {@link #totalsPerOption()} is true: compare each option's own totals.
 * <p>
 * Money: every amount is rounded half-up to 0.01 ({@link Money#amount}), unit prices to 0.0001. A side's missing
 * figure (a line that does not exist there, or a version that could not be priced) is null; a difference counts a
 * line or option that does not exist on a side as zero, and is null (unknown) where a side exists without a price.
 */
public record QuoteVersionDiff(List<OptionDiff> options, @Nullable BigDecimal totalBefore,
                               @Nullable BigDecimal totalAfter, @Nullable BigDecimal difference, int added,
                               int removed, int changed) {

    public QuoteVersionDiff {
        options = List.copyOf(options);
    }

    /**
     * True when the versions have more than one option between them (alternatives, or one option added or removed):
     * the totals are then per option only, and the quote-level ones are null.
     */
    public boolean totalsPerOption() {
        return !(options.size() == 1 && options.get(0).status() != Change.ADDED
                && options.get(0).status() != Change.REMOVED);
    }

    /** What happened to an option or a line between the two versions. */
    public enum Change {
        ADDED, REMOVED, CHANGED, UNCHANGED
    }

    /** Whether an item is an instance line or a service line. */
    public enum Kind {
        INSTANCE, SERVICE
    }

    // ------------------------------------------------------------------ input

    /** One version as the diff reads it: its options in letter order. */
    public record Side(List<Option> options) {
        public Side {
            options = List.copyOf(options);
        }
    }

    /**
     * One option of a version. {@code grandTotal} (tax included, what the customer pays) and {@code subtotal} (tax
     * excluded) may be null when the version could not be priced.
     */
    public record Option(OptionName name, List<Item> items, BigDecimal subtotal, BigDecimal grandTotal) {
        public Option {
            Objects.requireNonNull(name, "name");
            items = List.copyOf(items);
        }
    }

    /**
     * An instance or service line. Identity: {@link Kind#INSTANCE} → {@code instanceType}, {@code region},
     * {@code billingMode}; {@link Kind#SERVICE} → {@code description}, {@code charge}. The rest are its figures;
     * prices and amounts may be null (unpriced). For a service, {@code amount} is its monthly or one-time amount and
     * the instance figures are zero/null.
     */
    public record Item(Kind kind, String instanceType, String region, BillingMode billingMode, String description,
                       ServiceCharge charge, Figures figures) {

        public static Item instance(String instanceType, String region, BillingMode mode, Figures figures) {
            return new Item(Kind.INSTANCE, instanceType, region, mode, null, null, figures);
        }

        public static Item service(String description, ServiceCharge charge, BigDecimal amount) {
            return new Item(Kind.SERVICE, null, null, null, description, charge,
                    new Figures(0, 0, 0, null, null, null, amount));
        }

        /** The matching key (see the class comment). */
        Object key() {
            return kind == Kind.INSTANCE ? List.of(kind, String.valueOf(instanceType), String.valueOf(region),
                    String.valueOf(billingMode)) : List.of(kind, String.valueOf(description), String.valueOf(charge));
        }
    }

    /**
     * The figures of a line in one version: quantity, term, hours per month and manual discount as entered, the net
     * unit price, the monthly amount and {@code amount} (the line's term amount; for a service its own amount).
     */
    public record Figures(int quantity, int termMonths, int hoursPerMonth, BigDecimal manualDiscountPercent,
                          BigDecimal unitPrice, BigDecimal monthlyAmount, BigDecimal amount) {

        public Figures {
            unitPrice = unitPrice == null ? null : Money.unit(unitPrice);
            monthlyAmount = monthlyAmount == null ? null : Money.amount(monthlyAmount);
            amount = amount == null ? null : Money.amount(amount);
        }

        /** Equal figures (BigDecimals by value, not by scale). */
        boolean sameAs(Figures o) {
            return quantity == o.quantity && termMonths == o.termMonths && hoursPerMonth == o.hoursPerMonth
                    && same(manualDiscountPercent, o.manualDiscountPercent) && same(unitPrice, o.unitPrice)
                    && same(monthlyAmount, o.monthlyAmount) && same(amount, o.amount);
        }
    }

    // ------------------------------------------------------------------ output

    /**
     * One option's comparison: its lines (every line of either version, unchanged ones too, so a reader can show the
     * two versions side by side), and its totals before, after (null where the option does not exist or could not be
     * priced) and the difference (after − before, see {@link #compare}).
     */
    public record OptionDiff(OptionName option, Change status, List<LineDiff> lines, BigDecimal totalBefore,
                             BigDecimal totalAfter, BigDecimal difference, BigDecimal subtotalBefore,
                             BigDecimal subtotalAfter, BigDecimal subtotalDifference) {
        public OptionDiff {
            lines = List.copyOf(lines);
        }
    }

    /**
     * One line's comparison: {@code before} / {@code after} are null where the line does not exist;
     * {@code difference} is the change of its amount (after − before, see {@link #compare}).
     */
    public record LineDiff(Change change, Item identity, Figures before, Figures after, BigDecimal difference) {
    }

    // ------------------------------------------------------------------ rule

    /** The priced options of a version as a side. */
    public static Side side(List<OptionView> options) {
        return new Side(options.stream().map(o -> new Option(o.name(), items(o), o.totals().subtotal(),
                o.totals().grandTotal())).toList());
    }

    private static List<Item> items(OptionView o) {
        List<Item> items = new ArrayList<>();
        for (LineView l : o.lines()) {
            items.add(Item.instance(l.instanceType(), l.region(), l.billingMode(), new Figures(l.quantity(),
                    l.termMonths(), l.hoursPerMonth(), l.manualDiscountPercent(), l.netUnitPrice(),
                    l.monthlyAmount(), l.termAmount())));
        }
        for (ServiceLine s : o.services()) {
            items.add(Item.service(s.description(), s.charge(), s.amount()));
        }
        return items;
    }

    /**
     * Compares {@code before} with {@code after}. Differences are after − before; a line or option that does not exist
     * on a side counts as zero there; where a side exists without a price the difference is null (unknown). The
     * quote-level totals are the one option's (see the class comment), null for quotes with alternatives.
     */
    public static QuoteVersionDiff compare(Side before, Side after) {
        Map<OptionName, Option> b = byName(before);
        Map<OptionName, Option> a = byName(after);
        List<OptionDiff> result = new ArrayList<>();
        int added = 0;
        int removed = 0;
        int changed = 0;
        for (OptionName name : OptionName.values()) {
            Option ob = b.get(name);
            Option oa = a.get(name);
            if (ob == null && oa == null) {
                continue;
            }
            List<LineDiff> lines = lines(ob == null ? List.of() : ob.items(), oa == null ? List.of() : oa.items());
            BigDecimal tb = ob == null ? null : ob.grandTotal();
            BigDecimal ta = oa == null ? null : oa.grandTotal();
            BigDecimal sb = ob == null ? null : ob.subtotal();
            BigDecimal sa = oa == null ? null : oa.subtotal();
            Change status;
            if (ob == null) {
                status = Change.ADDED;
            } else if (oa == null) {
                status = Change.REMOVED;
            } else {
                status = lines.stream().allMatch(l -> l.change() == Change.UNCHANGED) && same(tb, ta) && same(sb, sa)
                        ? Change.UNCHANGED : Change.CHANGED;
            }
            for (LineDiff l : lines) {
                switch (l.change()) {
                    case ADDED -> added++;
                    case REMOVED -> removed++;
                    case CHANGED -> changed++;
                    default -> { }
                }
            }
            result.add(new OptionDiff(name, status, lines, amount(tb), amount(ta),
                    difference(ob != null, tb, oa != null, ta), amount(sb), amount(sa),
                    difference(ob != null, sb, oa != null, sa)));
        }
        // issue 39: options are alternatives, never summed; the quote's totals are its one option's, when it has one
        QuoteVersionDiff perOption = new QuoteVersionDiff(result, null, null, null, added, removed, changed);
        if (perOption.totalsPerOption()) {
            return perOption;
        }
        OptionDiff only = result.get(0);
        return new QuoteVersionDiff(result, only.totalBefore(), only.totalAfter(), only.difference(), added, removed,
                changed);
    }

    /** Matches items by key, the k-th with the k-th; the result keeps the after-version's order, removed lines last. */
    private static List<LineDiff> lines(List<Item> before, List<Item> after) {
        Map<Object, Deque<Item>> unmatched = new LinkedHashMap<>();
        for (Item i : before) {
            unmatched.computeIfAbsent(i.key(), k -> new ArrayDeque<>()).add(i);
        }
        List<LineDiff> result = new ArrayList<>();
        for (Item now : after) {
            Deque<Item> candidates = unmatched.get(now.key());
            Item was = candidates == null ? null : candidates.poll();
            if (was == null) {
                result.add(new LineDiff(Change.ADDED, now, null, now.figures(),
                        difference(false, null, true, now.figures().amount())));
            } else {
                Change change = was.figures().sameAs(now.figures()) ? Change.UNCHANGED : Change.CHANGED;
                result.add(new LineDiff(change, now, was.figures(), now.figures(),
                        difference(true, was.figures().amount(), true, now.figures().amount())));
            }
        }
        for (Item gone : before) {
            Deque<Item> left = unmatched.get(gone.key());
            if (left != null && left.remove(gone)) {
                result.add(new LineDiff(Change.REMOVED, gone, gone.figures(), null,
                        difference(true, gone.figures().amount(), false, null)));
            }
        }
        return result;
    }

    private static Map<OptionName, Option> byName(Side side) {
        Map<OptionName, Option> m = new LinkedHashMap<>();
        side.options().forEach(o -> m.put(o.name(), o));
        return m;
    }

    private static BigDecimal amount(BigDecimal v) {
        return v == null ? null : Money.amount(v);
    }

    /**
     * after − before, where a side that does not exist counts as zero; null when a side exists without an amount
     * (not priced: the difference is unknown) or neither exists.
     */
    private static @Nullable BigDecimal difference(boolean beforeExists, BigDecimal before, boolean afterExists,
                                         BigDecimal after) {
        if ((beforeExists && before == null) || (afterExists && after == null) || (!beforeExists && !afterExists)) {
            return null;
        }
        return Money.amount((after == null ? BigDecimal.ZERO : after).subtract(before == null ? BigDecimal.ZERO : before));
    }

    private static boolean same(BigDecimal x, BigDecimal y) {
        return x == null ? y == null : y != null && x.compareTo(y) == 0;
    }
}
