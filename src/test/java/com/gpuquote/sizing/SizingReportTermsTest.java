package com.gpuquote.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import com.gpuquote.sizing.engine.SizingResult;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The term list of the sizing response: non-zero terms, largest first, with their share of the total. */
class SizingReportTermsTest {

    @Test
    void terms_are_ordered_by_size_with_their_share_and_the_largest_is_named() {
        // weights 30, gradients 0, optimizer 6, activations 2, recompute 0, logits 10, kv 0, buffers 0, zero buckets 1,
        // framework 0, overhead 1, working set 0: total 50
        SizingResult.PerGpu g = new SizingResult.PerGpu(30, 0, 6, 2, 0, 0, 1, 0, 50, 10, 0, 0, 1, 0);
        List<SizingReport.Term> terms = SizingReport.terms(g);
        assertThat(terms).extracting(SizingReport.Term::term)
                .containsExactly("weights", "logits", "optimizerStates", "activations", "zeroBuckets", "overhead");
        assertThat(terms.get(0).sharePercent()).isEqualByComparingTo(new BigDecimal("60.0"));
        assertThat(terms.get(1).sharePercent()).isEqualByComparingTo(new BigDecimal("20.0"));
        assertThat(terms.get(4).gib()).isEqualByComparingTo(new BigDecimal("1.000"));
        assertThat(SizingReport.dominant(g)).isEqualTo("weights");
        assertThat(SizingReport.dominant(new SizingResult.PerGpu(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))).isNull();
    }
}
