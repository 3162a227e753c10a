package com.gpuquote.sizing.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class NoteTest {

    @Test
    void decimals_are_rounded_half_up_to_three_places_without_trailing_zeros() {
        assertThat(Note.decimal(1136.0)).isEqualTo("1136");
        assertThat(Note.decimal(12.5510)).isEqualTo("12.551");
        assertThat(Note.decimal(0.0005)).isEqualTo("0.001");
        assertThat(Note.decimal(2.05)).isEqualTo("2.05");
        assertThat(Note.decimal(0.1)).isEqualTo("0.1");
        assertThat(Note.decimal(-1.25)).isEqualTo("-1.25");
        assertThat(Note.decimal(-0.0001)).isEqualTo("0");
        assertThat(Note.decimal(1e16)).isEqualTo("10000000000000000");
    }

    @Test
    void format_substitutes_positional_args_and_keeps_args_for_translation() {
        Note n = Note.of("X", "{0} GiB on {1} for {2}", 1.5, "h100", new BigDecimal("10.00"));
        assertThat(n.message()).isEqualTo("1.5 GiB on h100 for 10.00");
        assertThat(n.args()).containsExactly(1.5, "h100", new BigDecimal("10.00"));
        assertThat(n.messageKey()).isEqualTo("sizing.note.X");
        assertThat(Note.format("{0} and {3}", "a")).isEqualTo("a and {3}");
    }
}
