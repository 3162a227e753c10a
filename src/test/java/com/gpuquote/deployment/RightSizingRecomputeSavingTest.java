package com.gpuquote.deployment;

import com.gpuquote.IntegrationTest;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.SizingInput;
import com.gpuquote.sizing.engine.Workload;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Issue 17: the VRAM_SHORT verdict's activation-recompute alternative carries the sizing engine's estimate of the
 * saving, checked against figures computed by hand from docs/sizing-model.md (not read back from the engine).
 *
 * <p>Saved run: LoRA on llama-2-7b (L 32, h 4096, a = kv 32, d 128, V 32000, I 11008, P 6,738,415,616), BF16, one GPU,
 * s 4096, B 4, r 16, AMP + AdamW, FLASH attention (default), no recompute. Per GPU, bytes:
 * <ul>
 *   <li>frozen base W = 2·P = 13,476,831,232 (12.5513 GiB)</li>
 *   <li>adapters ALL_LINEAR T = L·r·(4·(h + a·d) + 3·(h + I)) = 32·16·(32,768 + 45,312) = 39,976,960; model states
 *       18·T = 719,585,280 (0.6702 GiB)</li>
 *   <li>activations per token and layer f = 16h + 4·a·d + 4·kv·d + 4a + 8I = 186,496; NONE keeps L·s·B·f =
 *       97,777,614,848 (91.0625 GiB)</li>
 *   <li>logits and loss with transformers' FP32 up-cast (the default loss), s·B·V·18 = 9,437,184,000 (8.7891 GiB);
 *       overhead 1 GiB</li>
 * </ul>
 * Without recompute: 114.0730 GiB. FULL recompute keeps each layer's input, L·s·B·2h = 4 GiB, plus the one layer being
 * recomputed, s·B·f = 2.8457 GiB: 29.8562 GiB, a saving of 84.2168 GiB. SELECTIVE saves nothing with
 * FLASH (no scores are kept), so the advice is FULL. 29.86 GiB is beyond an A10's 24 GB and well inside the L20's
 * 48 GB, so the proposal is one L20 at its monthly price 8,000.00 against today's A10 at 5,000.00.
 */
class RightSizingRecomputeSavingTest extends IntegrationTest {

    static final double BEFORE_GIB = 114.0730;
    static final double AFTER_GIB = 29.8562;
    static final double SAVING_GIB = 84.2168;

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    RightSizingService rightSizing;
    @Autowired
    SizingRunService runs;

    @Test
    void theRecomputeAlternativeCarriesTheHandComputedSaving() {
        DeploymentFixtures.Setup s = fixtures.vramShortDeployment();
        SizingInput saved = SizingInput.builder(Workload.LORA_FINE_TUNING).preset("llama-2-7b").precision(Precision.BF16)
                .gpuCount(1).microBatchSize(4).sequenceLength(4096).loraRank(16)
                .activationRecompute(ActivationRecompute.NONE).build();

        Verdict v = fixtures.as().call(s.tenant().consultantEmail(), () -> {
            runs.create(s.project().id(), "LoRA 7B 4k", saved, Locale.SIMPLIFIED_CHINESE);
            fixtures.importCsv(s, fixtures.vramShortCsv());
            return rightSizing.analyse(s.deployment().id(), 7).verdicts().stream()
                    .filter(x -> x.code() == VerdictCode.VRAM_SHORT && x.kind().equals("RECOMPUTE"))
                    .findFirst().orElseThrow();
        });

        assertThat(v.args().get(0)).isEqualTo(new Verdict.Text("deployment.recompute.FULL_RECOMPUTE"));
        assertThat(v.args().get(1)).isEqualTo("LoRA 7B 4k");
        BigDecimal before = (BigDecimal) v.args().get(2);
        BigDecimal after = (BigDecimal) v.args().get(3);
        // shown to 0.1 GiB, half-up
        assertThat(before).isEqualByComparingTo("114.1");
        assertThat(after).isEqualByComparingTo("29.9");
        assertThat(before.subtract(after).doubleValue()).isCloseTo(SAVING_GIB, within(0.1));
        assertThat(BEFORE_GIB - AFTER_GIB).isCloseTo(SAVING_GIB, within(1e-4));

        assertThat(v.instanceType()).isEqualTo(RightSizingTest.L20);
        assertThat(v.instances()).isEqualTo(1);
        assertThat(v.monthlyPrice()).isEqualByComparingTo("8000.00");
        assertThat(v.monthlySaving()).isEqualByComparingTo("-3000.00");
        assertThat(v.message(Locale.ENGLISH)).contains("full activation recompute")
                .contains("29.9 GiB instead of 114.1 GiB").contains("1 × " + RightSizingTest.L20);
    }
}
