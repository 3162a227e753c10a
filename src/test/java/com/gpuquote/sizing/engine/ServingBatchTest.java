package com.gpuquote.sizing.engine;

import com.gpuquote.commercial.BillingMode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Sequences a replica keeps in flight: vLLM V1's batch defaults per GPU and the users stated. */
class ServingBatchTest {

    private static CandidateInstance gpu(String code, String model, double vram, double bandwidth) {
        return new CandidateInstance(code, model, 1, vram, 16, 256, BillingMode.HOURLY, new BigDecimal("10"), "CNY",
                null, 989.0, 989.0, 1979.0, 1979.0, bandwidth, "NVLINK", 900, 100, false);
    }

    private static int batch(SizingInput in, CandidateInstance type) {
        Recommendation rec = Recommender.recommend(in, List.of(type), RatioPolicy.defaults());
        ServingPlanner.Planned p = ServingPlanner.plan(in, rec.candidates(), List.of(type), null, null, null, 1);
        return p.performance().get(rec.candidates().get(0)).batchPerReplica();
    }

    @Test
    void vllmKeepsUpTo1024SequencesOnGpusOfSeventyGibOrMoreExceptA100And256Elsewhere() {
        // llama-3-8b BF16 at 1,024 tokens: a sequence's KV cache is 128 KiB × 1,024 = 128 MiB, so the ≈ 50 GiB left
        // beside the weights on an 80 GiB GPU hold ≈ 400 sequences: above 256, below 1,024
        SizingInput in = Inputs.inference("llama-3-8b", Precision.BF16, 1024).build();
        int h100 = batch(in, gpu("h100", "H100-SXM5-80GB", 80, 3350));
        int a100 = batch(in, gpu("a100", "A100-SXM4-80GB", 80, 2039));
        int l40s = batch(in, gpu("l40s", "L40S-PCIE-48GB", 45, 864));
        assertThat(h100).isBetween(257, 1024);
        assertThat(a100).isEqualTo(256);
        assertThat(l40s).isLessThanOrEqualTo(256);
    }

    @Test
    void statedUsersBoundTheBatch() {
        SizingInput in = Inputs.inference("llama-3-8b", Precision.BF16, 1024).microBatchSize(32).build();
        assertThat(batch(in, gpu("h100", "H100-SXM5-80GB", 80, 3350))).isEqualTo(32);
    }
}
