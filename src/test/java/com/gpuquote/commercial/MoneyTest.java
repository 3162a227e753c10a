package com.gpuquote.commercial;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

class MoneyTest {

    @Test
    void amountsRoundHalfUpToTwoDecimals() {
        assertThat(Money.amount("2.345")).isEqualTo(new BigDecimal("2.35"));
        assertThat(Money.amount("2.3449999")).isEqualTo(new BigDecimal("2.34"));
        assertThat(Money.amount("2.125")).isEqualTo(new BigDecimal("2.13")); // half-even would give 2.12
        assertThat(Money.amount("-2.345")).isEqualTo(new BigDecimal("-2.35")); // half-up is away from zero
        assertThat(Money.amount("7")).isEqualTo(new BigDecimal("7.00"));
    }

    @Test
    void unitPricesRoundHalfUpToFourDecimals() {
        assertThat(Money.unit("1.00005")).isEqualTo(new BigDecimal("1.0001"));
        assertThat(Money.unit("1.00025")).isEqualTo(new BigDecimal("1.0003")); // half-even would give 1.0002
        assertThat(Money.unit("1.000049")).isEqualTo(new BigDecimal("1.0000"));
        assertThat(Money.unit("3")).isEqualTo(new BigDecimal("3.0000"));
    }

    @Test
    void plainStringsHaveTheCanonicalNumberOfDecimals() {
        assertThat(Money.format(Money.amount("1234.5"))).isEqualTo("1234.50");
        assertThat(Money.format(Money.unit("3.14159"))).isEqualTo("3.1416");
        assertThat(Money.format(Money.amount("1E+3"))).isEqualTo("1000.00"); // never scientific notation
        assertThat(Money.format(Money.zeroAmount())).isEqualTo("0.00");
        assertThat(Money.format(null)).isNull();
    }

    @Test
    void lessPercentMultipliesByOneMinusPercentAndRoundsToUnit() {
        assertThat(Money.lessPercent(new BigDecimal("100.0000"), new BigDecimal("12.5")))
                .isEqualTo(new BigDecimal("87.5000"));
        // 0.0005 × 0.5 = 0.00025 → 0.0003 (half-up)
        assertThat(Money.lessPercent(new BigDecimal("0.0005"), new BigDecimal("50")))
                .isEqualTo(new BigDecimal("0.0003"));
        assertThat(Money.lessPercent(new BigDecimal("10.0000"), new BigDecimal("100")))
                .isEqualTo(new BigDecimal("0.0000"));
        assertThat(Money.lessPercent(new BigDecimal("10.0000"), BigDecimal.ZERO))
                .isEqualTo(new BigDecimal("10.0000"));
    }

    @Test
    void rateOfAnAmountRoundsHalfUpToCents() {
        // 100.75 × 0.06 = 6.045 → 6.05
        assertThat(Money.amountTimesRate(new BigDecimal("100.75"), new BigDecimal("0.06")))
                .isEqualTo(new BigDecimal("6.05"));
        // 100.74 × 0.06 = 6.0444 → 6.04
        assertThat(Money.amountTimesRate(new BigDecimal("100.74"), new BigDecimal("0.06")))
                .isEqualTo(new BigDecimal("6.04"));
    }

    @Test
    void decimalsCheckIgnoresTrailingZeros() {
        assertThat(Money.hasAtMostDecimals(new BigDecimal("1.2300"), 2)).isTrue();
        assertThat(Money.hasAtMostDecimals(new BigDecimal("1.231"), 2)).isFalse();
        assertThat(Money.hasAtMostDecimals(new BigDecimal("100"), 0)).isTrue();
    }
}
