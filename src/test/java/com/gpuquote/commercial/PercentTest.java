package com.gpuquote.commercial;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;

/** Tenant rates are fractions, screens show percents: the one conversion (ADR 1402). */
class PercentTest {

    @Test
    void aStoredFractionReadsAsThePercentAUserTypes() {
        assertThat(Percent.fromFraction(new BigDecimal("0.1500"))).hasToString("15");
        assertThat(Percent.fromFraction(new BigDecimal("0.1350"))).hasToString("13.5");
        assertThat(Percent.fromFraction(new BigDecimal("0.0600"))).hasToString("6");
        assertThat(Percent.fromFraction(new BigDecimal("0.9"))).hasToString("90");
        assertThat(Percent.fromFraction(new BigDecimal("0.0000"))).hasToString("0");
        assertThat(Percent.fromFraction(new BigDecimal("0.0125"))).hasToString("1.25");
    }

    @Test
    void aTypedPercentIsStoredAsItsExactFraction() {
        assertThat(Percent.toFraction(new BigDecimal("15"))).hasToString("0.15");
        assertThat(Percent.toFraction(new BigDecimal("13.5"))).hasToString("0.135");
        assertThat(Percent.toFraction(new BigDecimal("1.25"))).hasToString("0.0125");
        assertThat(Percent.toFraction(new BigDecimal("100"))).hasToString("1");
        assertThat(Percent.toFraction(new BigDecimal("0.00"))).hasToString("0");
    }
}
