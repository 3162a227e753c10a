package com.gpuquote.quote;

import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteVersionDiff.Change;
import com.gpuquote.quote.QuoteVersionDiff.Figures;
import com.gpuquote.quote.QuoteVersionDiff.Item;
import com.gpuquote.quote.QuoteVersionDiff.LineDiff;
import com.gpuquote.quote.QuoteVersionDiff.Option;
import com.gpuquote.quote.QuoteVersionDiff.OptionDiff;
import com.gpuquote.quote.QuoteVersionDiff.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The diff rule with hand-computed figures (no Spring, no database). */
class QuoteVersionDiffTest {

    private static final String A10 = "ecs.gni2.3xlarge";
    private static final String T4 = "ecs.g1tl.4xlarge";
    private static final String R = "cn-beijing";

    /** A MONTHLY line: quantity × unit × term. */
    private static Item monthly(String type, int quantity, int term, String unit) {
        BigDecimal u = new BigDecimal(unit);
        BigDecimal month = u.multiply(BigDecimal.valueOf(quantity));
        return Item.instance(type, R, BillingMode.MONTHLY, new Figures(quantity, term, 730, BigDecimal.ZERO, u, month,
                month.multiply(BigDecimal.valueOf(term))));
    }

    private static Option option(OptionName name, String subtotal, String grand, Item... items) {
        return new Option(name, List.of(items), new BigDecimal(subtotal), new BigDecimal(grand));
    }

    private static Side side(Option... options) {
        return new Side(List.of(options));
    }

    @Test
    void sameVersionIsUnchangedEverywhere() {
        // A: 2 × T4 at 1500 for 6 months = 18,000.00; + 6 % VAT = 19,080.00
        Side v = side(option(OptionName.A, "18000.00", "19080.00", monthly(T4, 2, 6, "1500")));
        QuoteVersionDiff d = QuoteVersionDiff.compare(v, v);
        assertThat(d.options()).singleElement().satisfies(o -> {
            assertThat(o.status()).isEqualTo(Change.UNCHANGED);
            assertThat(o.lines()).extracting(LineDiff::change).containsExactly(Change.UNCHANGED);
            assertThat(o.difference()).isEqualByComparingTo("0");
            assertThat(o.difference().scale()).isEqualTo(2);
        });
        assertThat(d.difference()).isEqualTo(new BigDecimal("0.00"));
        assertThat(d.added() + d.removed() + d.changed()).isZero();
    }

    @Test
    void quantityChangeIsOneChangedLineWithItsPriceDifference() {
        // v1: 2 × T4 × 1500 × 6 = 18,000.00 (19,080.00 with VAT); v2: 3 × … = 27,000.00 (28,620.00)
        Side v1 = side(option(OptionName.A, "18000.00", "19080.00", monthly(T4, 2, 6, "1500")));
        Side v2 = side(option(OptionName.A, "27000.00", "28620.00", monthly(T4, 3, 6, "1500")));
        QuoteVersionDiff d = QuoteVersionDiff.compare(v1, v2);
        OptionDiff a = d.options().get(0);
        assertThat(a.status()).isEqualTo(Change.CHANGED);
        LineDiff line = a.lines().get(0);
        assertThat(line.change()).isEqualTo(Change.CHANGED);
        assertThat(line.before().quantity()).isEqualTo(2);
        assertThat(line.after().quantity()).isEqualTo(3);
        assertThat(line.before().amount()).isEqualTo(new BigDecimal("18000.00"));
        assertThat(line.after().amount()).isEqualTo(new BigDecimal("27000.00"));
        assertThat(line.difference()).isEqualTo(new BigDecimal("9000.00"));
        assertThat(a.subtotalDifference()).isEqualTo(new BigDecimal("9000.00"));
        assertThat(a.difference()).isEqualTo(new BigDecimal("9540.00"));
        assertThat(d.totalBefore()).isEqualTo(new BigDecimal("19080.00"));
        assertThat(d.totalAfter()).isEqualTo(new BigDecimal("28620.00"));
        assertThat(d.changed()).isEqualTo(1);
    }

    @Test
    void addedAndRemovedLinesAndABillingModeSwitch() {
        // v1 A: T4 2×1500×6 = 18,000 and A10 1×5000×12 = 60,000 → 78,000.00 (82,680.00)
        // v2 A: T4 unchanged, A10 YEARLY 1 × 54,000 for 12 months = 54,000 (another price: removed + added), and a
        //       monthly support service 200 × 6 = 1,200 → 73,200.00 (77,592.00)
        Item a10yearly = Item.instance(A10, R, BillingMode.YEARLY, new Figures(1, 12, 730, BigDecimal.ZERO,
                new BigDecimal("54000"), new BigDecimal("4500"), new BigDecimal("54000")));
        Side v1 = side(option(OptionName.A, "78000.00", "82680.00", monthly(T4, 2, 6, "1500"),
                monthly(A10, 1, 12, "5000")));
        Side v2 = side(option(OptionName.A, "73200.00", "77592.00", monthly(T4, 2, 6, "1500"), a10yearly,
                Item.service("支持", ServiceCharge.MONTHLY, new BigDecimal("200"))));
        QuoteVersionDiff d = QuoteVersionDiff.compare(v1, v2);
        List<LineDiff> lines = d.options().get(0).lines();
        assertThat(lines).extracting(LineDiff::change)
                .containsExactly(Change.UNCHANGED, Change.ADDED, Change.ADDED, Change.REMOVED);
        assertThat(lines.get(1).identity().billingMode()).isEqualTo(BillingMode.YEARLY);
        assertThat(lines.get(1).before()).isNull();
        assertThat(lines.get(1).difference()).isEqualTo(new BigDecimal("54000.00"));
        assertThat(lines.get(2).identity().description()).isEqualTo("支持");
        assertThat(lines.get(2).after().amount()).isEqualTo(new BigDecimal("200.00"));
        assertThat(lines.get(3).identity().billingMode()).isEqualTo(BillingMode.MONTHLY);
        assertThat(lines.get(3).after()).isNull();
        assertThat(lines.get(3).difference()).isEqualTo(new BigDecimal("-60000.00"));
        // 77,592.00 − 82,680.00
        assertThat(d.options().get(0).difference()).isEqualTo(new BigDecimal("-5088.00"));
        assertThat(d.added()).isEqualTo(2);
        assertThat(d.removed()).isEqualTo(1);
    }

    @Test
    void anAddedOptionAndARemovedOption() {
        Side v1 = side(option(OptionName.A, "18000.00", "19080.00", monthly(T4, 2, 6, "1500")),
                option(OptionName.B, "60000.00", "63600.00", monthly(A10, 1, 12, "5000")));
        Side v2 = side(option(OptionName.A, "18000.00", "19080.00", monthly(T4, 2, 6, "1500")));
        QuoteVersionDiff removed = QuoteVersionDiff.compare(v1, v2);
        assertThat(removed.options()).extracting(OptionDiff::status).containsExactly(Change.UNCHANGED, Change.REMOVED);
        OptionDiff b = removed.options().get(1);
        assertThat(b.totalBefore()).isEqualTo(new BigDecimal("63600.00"));
        assertThat(b.totalAfter()).isNull();
        assertThat(b.difference()).isEqualTo(new BigDecimal("-63600.00"));
        assertThat(b.lines()).extracting(LineDiff::change).containsExactly(Change.REMOVED);
        // issue 39: options are alternatives: no overall total (it was the sum 82,680.00 → 19,080.00)
        assertThat(removed.totalsPerOption()).isTrue();
        assertThat(removed.totalBefore()).isNull();
        assertThat(removed.totalAfter()).isNull();
        assertThat(removed.difference()).isNull();

        QuoteVersionDiff added = QuoteVersionDiff.compare(v2, v1);
        assertThat(added.options()).extracting(OptionDiff::status).containsExactly(Change.UNCHANGED, Change.ADDED);
        assertThat(added.options().get(1).totalBefore()).isNull();
        assertThat(added.options().get(1).difference()).isEqualTo(new BigDecimal("63600.00"));
    }

    @Test
    void repeatedKeysMatchInOrderAndAPriceChangeAloneIsAChange() {
        // two A10 MONTHLY lines; v2 keeps the first as is and the second at a new price 4,800 (agreement): 1 changed
        Side v1 = side(option(OptionName.A, "90000.00", "95400.00", monthly(A10, 1, 12, "5000"),
                monthly(A10, 1, 6, "5000")));
        Side v2 = side(option(OptionName.A, "88800.00", "94128.00", monthly(A10, 1, 12, "5000"),
                monthly(A10, 1, 6, "4800")));
        QuoteVersionDiff d = QuoteVersionDiff.compare(v1, v2);
        List<LineDiff> lines = d.options().get(0).lines();
        assertThat(lines).extracting(LineDiff::change).containsExactly(Change.UNCHANGED, Change.CHANGED);
        // 6 × 4,800 − 6 × 5,000
        assertThat(lines.get(1).difference()).isEqualTo(new BigDecimal("-1200.00"));
        assertThat(lines.get(1).after().unitPrice()).isEqualTo(new BigDecimal("4800.0000"));
    }

    @Test
    void anUnpricedSideHasNoDifferenceButAMissingLineCountsAsZero() {
        Item unpriced = Item.instance(T4, R, BillingMode.MONTHLY, new Figures(3, 6, 730, BigDecimal.ZERO, null, null,
                null));
        Item added = Item.instance(A10, R, BillingMode.MONTHLY, new Figures(1, 6, 730, BigDecimal.ZERO, null, null,
                null));
        Side v1 = side(option(OptionName.A, "18000.00", "19080.00", monthly(T4, 2, 6, "1500"),
                monthly(A10, 1, 12, "5000")));
        Side v2 = side(new Option(OptionName.A, List.of(unpriced), null, null));
        QuoteVersionDiff d = QuoteVersionDiff.compare(v1, v2);
        List<LineDiff> lines = d.options().get(0).lines();
        assertThat(lines).extracting(LineDiff::change).containsExactly(Change.CHANGED, Change.REMOVED);
        assertThat(lines.get(0).difference()).isNull();
        assertThat(lines.get(1).difference()).isEqualTo(new BigDecimal("-60000.00"));
        assertThat(d.options().get(0).difference()).isNull();
        assertThat(d.totalAfter()).isNull();
        assertThat(d.difference()).isNull();
        // both unpriced and equal: unchanged
        Side again = side(new Option(OptionName.A, List.of(unpriced), null, null));
        assertThat(QuoteVersionDiff.compare(v2, again).options().get(0).status()).isEqualTo(Change.UNCHANGED);
        // an added unpriced line: no difference either
        Side more = side(new Option(OptionName.A, List.of(unpriced, added), null, null));
        assertThat(QuoteVersionDiff.compare(v2, more).options().get(0).lines().get(1).difference()).isNull();
    }

    @Test
    void roundsHalfUpToCents() {
        Item v1 = Item.instance(T4, R, BillingMode.HOURLY, new Figures(1, 1, 730, BigDecimal.ZERO,
                new BigDecimal("1.00005"), new BigDecimal("730.0365"), new BigDecimal("730.0365")));
        Item v2 = Item.instance(T4, R, BillingMode.HOURLY, new Figures(1, 1, 731, BigDecimal.ZERO,
                new BigDecimal("1.00005"), new BigDecimal("731.0365"), new BigDecimal("731.0365")));
        QuoteVersionDiff d = QuoteVersionDiff.compare(side(option(OptionName.A, "730.045", "773.845", v1)),
                side(option(OptionName.A, "731.045", "774.905", v2)));
        LineDiff line = d.options().get(0).lines().get(0);
        assertThat(line.before().unitPrice()).isEqualTo(new BigDecimal("1.0001"));
        assertThat(line.before().amount()).isEqualTo(new BigDecimal("730.04"));
        assertThat(line.after().amount()).isEqualTo(new BigDecimal("731.04"));
        assertThat(d.options().get(0).totalBefore()).isEqualTo(new BigDecimal("773.85"));
        assertThat(d.options().get(0).totalAfter()).isEqualTo(new BigDecimal("774.91"));
        assertThat(d.options().get(0).difference()).isEqualTo(new BigDecimal("1.06"));
    }
}
