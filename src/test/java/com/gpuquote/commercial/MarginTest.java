package com.gpuquote.commercial;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Margin is on price, (net − cost) / net, for the floor as for every figure shown (ADR 3901). */
class MarginTest {

    private static final BigDecimal FIVE = new BigDecimal("0.05");

    private static BigDecimal d(String v) {
        return new BigDecimal(v);
    }

    @Test
    void aFivePercentFloorNoLongerLetsAFourPointSevenNineMarginThrough() {
        // list 100, cost 60: 36.98 % off gives 63.02, (63.02 − 60) / 63.02 = 4.7921… % (a markup on cost of 5.03 %)
        Margin low = Margin.of(d("63.02"), d("60"));
        assertThat(low.percent()).isEqualByComparingTo("4.79");
        assertThat(low.isBelow(FIVE)).isTrue();
        // 36.84 % off gives 63.16: (63.16 − 60) / 63.16 = 5.0031… %
        Margin ok = Margin.of(d("63.16"), d("60"));
        assertThat(ok.percent()).isEqualByComparingTo("5.00");
        assertThat(ok.isBelow(FIVE)).isFalse();
    }

    @Test
    void aFifteenPercentFloorIsFifteenPercentOfPriceNotOfCost() {
        // cost × 1.15 was enough before: 115 over cost 100 is 15 / 115 = 13.04 % of price
        Margin markup = Margin.of(d("115"), d("100"));
        assertThat(markup.percent()).isEqualByComparingTo("13.04");
        assertThat(markup.isBelow(d("0.15"))).isTrue();
        // 100 / 0.85 = 117.647…: 117.65 × 0.85 = 100.0025 ≥ 100
        assertThat(Margin.of(d("117.65"), d("100")).isBelow(d("0.15"))).isFalse();
    }

    @Test
    void exactlyAtTheFloorIsNotBelow() {
        // 100 × (1 − 0.2) = 80 = cost
        assertThat(Margin.of(d("100"), d("80")).isBelow(d("0.2"))).isFalse();
        assertThat(Margin.of(d("99.99"), d("80")).isBelow(d("0.2"))).isTrue();
        assertThat(Margin.of(d("100"), d("80")).percent()).isEqualByComparingTo("20.00");
    }

    @Test
    void theFloorPriceIsRoundedUpSoThatItIsNeverBelowTheFloor() {
        // 1 / 0.97 = 1.030927…: half-up would give 1.0309, and 1.0309 × 0.97 = 0.999973 < 1
        assertThat(Margin.floorPrice(d("1"), d("0.03"))).isEqualByComparingTo("1.0310");
        assertThat(Margin.isBelowFloor(d("1.0310"), d("1"), d("0.03"))).isFalse();
        assertThat(Margin.isBelowFloor(d("1.0309"), d("1"), d("0.03"))).isTrue();
        // 60 / 0.95 = 63.157894…
        assertThat(Margin.floorPrice(d("60"), FIVE)).isEqualByComparingTo("63.1579");
        assertThat(Margin.floorPrice(d("60"), BigDecimal.ZERO)).isEqualByComparingTo("60.0000");
        assertThat(Margin.floorPrice(d("60"), FIVE).scale()).isEqualTo(4);
    }

    @Test
    void costIsNeverNegativeSoTheMarginIsNeverOverAHundredPercent() {
        Margin m = Margin.of(d("100.00"), d("-288.23"));
        assertThat(m.cost()).isEqualByComparingTo("0");
        assertThat(m.amount()).isEqualByComparingTo("100.00");
        assertThat(m.percent()).isEqualByComparingTo("100.00");
        assertThat(Margin.floorPrice(d("-5"), FIVE)).isEqualByComparingTo("0");
    }

    @Test
    void aPriceUnderCostIsANegativeMarginAndNoPriceIsNoMargin() {
        assertThat(Margin.of(d("50"), d("60")).percent()).isEqualByComparingTo("-20.00");
        assertThat(Margin.of(d("50"), d("60")).isBelow(BigDecimal.ZERO)).isTrue();
        assertThat(Margin.of(d("0.00"), d("60")).percent()).isNull();
        assertThat(Margin.isBelowFloor(d("50"), null, FIVE)).isFalse();
    }

    @Test
    void aFloorOfAHundredPercentOrMoreIsRefused() {
        assertThatThrownBy(() -> Margin.floorPrice(d("1"), BigDecimal.ONE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Margin.of(d("1"), d("1")).isBelow(d("-0.01")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
