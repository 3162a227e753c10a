package com.gpuquote.deployment;

import com.gpuquote.IntegrationTest;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.SizingService;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: a VRAM-short deployment whose project has a saved training sizing gets, beside the bigger instance, the
 * activation-recompute alternative with the sizing engine's own estimate: the per-GPU need of the saved run and of
 * the same run with selective recompute, exactly as {@code POST /api/v1/sizing} (SizingService.size) states them.
 */
class RightSizingRecomputeTest extends IntegrationTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    RightSizingService rightSizing;
    @Autowired
    SizingRunService runs;
    @Autowired
    SizingService sizing;

    @Test
    void vramShortOffersSelectiveRecomputeWithTheEnginesEstimateOfTheSaving() {
        DeploymentFixtures.Setup s = fixtures.vramShortDeployment();
        // LoRA on Llama 2 7B, 4,096 tokens × 4 sequences, no recompute: the activations dominate the need
        SizingInput saved = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-2-7b").precision(Precision.BF16)
                .gpuCount(1).microBatchSize(4).sequenceLength(4096).loraRank(16)
                .activationRecompute(ActivationRecompute.NONE).build();
        SizingInput selective = saved.toBuilder().activationRecompute(ActivationRecompute.SELECTIVE).build();
        SizingInput full = saved.toBuilder().activationRecompute(ActivationRecompute.FULL).build();

        Verdict recompute = fixtures.as().call(s.tenant().consultantEmail(), () -> {
            runs.create(s.project().id(), "LoRA 7B", saved, Locale.SIMPLIFIED_CHINESE);
            fixtures.importCsv(s, fixtures.vramShortCsv());
            return rightSizing.analyse(s.deployment().id(), 7).verdicts().stream()
                    .filter(v -> v.code() == VerdictCode.VRAM_SHORT && v.kind().equals("RECOMPUTE"))
                    .findFirst().orElseThrow();
        });
        double before = fixtures.as().call(s.tenant().consultantEmail(), () -> sizing.size(saved).perGpu().totalGiB());
        double afterSelective = fixtures.as().call(s.tenant().consultantEmail(),
                () -> sizing.size(selective).perGpu().totalGiB());
        double afterFull = fixtures.as().call(s.tenant().consultantEmail(), () -> sizing.size(full).perGpu().totalGiB());
        // with the default memory-efficient attention there are no attention scores for selective recompute to drop,
        // so the advice is full recompute: only the layer inputs stay (docs/sizing-model.md, "Activations")
        assertThat(afterSelective).isEqualTo(before);
        assertThat(afterFull).isLessThan(before / 2);
        double after = afterFull;
        assertThat(recompute.args().get(0).toString()).contains("FULL_RECOMPUTE");

        assertThat(recompute.args().get(1)).isEqualTo("LoRA 7B");
        assertThat((BigDecimal) recompute.args().get(2)).isEqualByComparingTo(oneDecimal(before));
        assertThat((BigDecimal) recompute.args().get(3)).isEqualByComparingTo(oneDecimal(after));
        assertThat(recompute.instanceType()).isNotBlank();
        assertThat(recompute.monthlyPrice()).isPositive();
    }

    private static BigDecimal oneDecimal(double gib) {
        return BigDecimal.valueOf(gib).setScale(1, RoundingMode.HALF_UP);
    }
}
