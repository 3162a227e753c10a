package com.gpuquote.customer;

import com.gpuquote.shared.CreditCode;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CreditCodeTest {

    @Test
    void acceptsCodesWithACorrectCheckCharacter() {
        // check characters computed by hand with weights 3^i mod 31 over the 31-symbol alphabet
        assertThat(CreditCode.isValid("91110000MA01ABCD1M")).isTrue();
        assertThat(CreditCode.isValid("91440300708461136T")).isTrue();
        assertThat(CreditCode.isValid("12100000400000624D")).isTrue();
    }

    @Test
    void refusesAWrongCheckCharacter() {
        assertThat(CreditCode.isValid("91110000MA01ABCD1N")).isFalse();
    }

    @Test
    void refusesWrongLengthAndForbiddenLetters() {
        assertThat(CreditCode.isValid("91110000MA01ABCD1")).isFalse();
        assertThat(CreditCode.isValid("91110000MA01ABCDIM")).isFalse(); // I is not in the alphabet
        assertThat(CreditCode.isValid("91A10000MA01ABCD1M")).isFalse(); // division code must be digits
        assertThat(CreditCode.isValid(null)).isFalse();
    }

    @Test
    void normalisesPastedCodes() {
        assertThat(CreditCode.normalise(" 91110000ma01abcd1m ")).isEqualTo("91110000MA01ABCD1M");
        assertThat(CreditCode.normalise("   ")).isNull();
    }
}
