package com.gpuquote.quote;

import com.gpuquote.quote.domain.QuoteNumber;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class QuoteNumberTest {

    @Test
    void formatsYearAndFourDigitSequence() {
        assertThat(new QuoteNumber(2026, 1)).hasToString("Q-2026-0001");
        assertThat(new QuoteNumber(2026, 42)).hasToString("Q-2026-0042");
        assertThat(new QuoteNumber(2027, 9999)).hasToString("Q-2027-9999");
        assertThat(new QuoteNumber(2027, 12345)).hasToString("Q-2027-12345");
    }

    @Test
    void parsesWhatItFormats() {
        assertThat(QuoteNumber.parse("Q-2026-0001")).isEqualTo(new QuoteNumber(2026, 1));
        assertThat(QuoteNumber.parse("Q-2027-12345")).isEqualTo(new QuoteNumber(2027, 12345));
    }

    @Test
    void refusesMalformedNumbers() {
        for (String bad : new String[]{"Q-2026-1", "Q-26-0001", "q-2026-0001", "Q-2026-0000", "2026-0001", "", null}) {
            assertThatThrownBy(() -> QuoteNumber.parse(bad)).as(String.valueOf(bad))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> new QuoteNumber(2026, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
