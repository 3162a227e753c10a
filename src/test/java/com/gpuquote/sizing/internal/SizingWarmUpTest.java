package com.gpuquote.sizing.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The start-up warm-up exercises the real path (chart, recommender, serving model) without any database. */
class SizingWarmUpTest {

    @Test
    void rankingTheSyntheticCatalogWorks() {
        // Llama 3 8B in BF16 (~15 GiB of weights) fits both the 24 GiB A10 and the 96 GiB H20
        assertThat(SizingWarmUp.run()).isEqualTo(2);
    }
}
