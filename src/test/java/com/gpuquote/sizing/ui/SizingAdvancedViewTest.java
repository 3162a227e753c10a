package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.Attention;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.Quantization;
import com.gpuquote.sizing.engine.ServingEngine;
import com.gpuquote.sizing.engine.TrainingMode;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import com.gpuquote.sizing.SizingReport;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.html.Paragraph;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static com.github.mvysny.kaributesting.v10.GridKt._get;
import static org.assertj.core.api.Assertions.assertThat;

/** The engine-v2 knobs in the form's advanced section, the memory terms with formulas, and the concurrency table. */
class SizingAdvancedViewTest extends KaribuTest {

    static final double GIB = 1024.0 * 1024 * 1024;

    @Autowired
    SizingFixtures fixtures;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
    }

    private SizingView open() {
        UI.getCurrent().navigate(SizingView.class);
        return _get(SizingView.class);
    }

    @Test
    void advancedSectionShowsTheDefaultsAndOnlyTheKnobsTheWorkloadUses() {
        SizingView view = open();
        AdvancedSizingFields a = view.form.advanced;
        assertThat(a.isOpened()).isFalse();
        // issue 12: the collapsed section's fields are not sent to the browser until it is opened
        assertThat(a.servingEngine.getUI()).isEmpty();
        a.setOpened(true);
        assertThat(a.servingEngine.getUI()).isPresent();
        assertThat(a.servingEngine.getValue()).isEqualTo(ServingEngine.VLLM);
        assertThat(a.gpuMemoryUtilization.getValue()).isEqualTo(0.9);
        assertThat(a.maxNumBatchedTokens.getValue()).isEqualTo(8192);
        assertThat(a.swapSpaceGiB.getValue()).isEqualTo(4.0);
        assertThat(a.attention.getValue()).isEqualTo(Attention.FLASH);
        assertThat(a.quantization.getValue()).isEqualTo(Quantization.NONE);
        // inference: serving knobs, no training knobs
        assertThat(a.servingEngine.isVisible()).isTrue();
        assertThat(a.trainingMode.isVisible()).isFalse();
        assertThat(a.loraTargets.isVisible()).isFalse();
        _setValue(a.servingEngine, ServingEngine.HF_GENERATE);
        assertThat(a.gpuMemoryUtilization.isVisible()).isFalse();
        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        assertThat(a.trainingMode.isVisible()).isTrue();
        assertThat(a.loraTargets.isVisible()).isTrue();
        assertThat(a.servingEngine.isVisible()).isFalse();
        assertThat(a.trainingMode.getItemLabelGenerator().apply(TrainingMode.AMP)).contains("18");
    }

    @Test
    void qloraThroughTheAdvancedSectionShowsEveryTermWithItsFormula() {
        SizingView view = open();
        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        _setValue(view.form.preset, ModelPresets.find("llama-3-8b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        _setValue(view.form.sequenceLength, 2048);
        _setValue(view.form.gpuCount, 1);
        BigDecimal bf16 = view.report.sizing().perGpu().weightsGiB();
        _setValue(view.form.advanced.quantization, Quantization.NF4);
        // NF4: embedding and LM head (2 · 128256 · 4096) in 16 bit, the rest 4.5 bits; plus 2 bytes per adapter
        double emb = 2.0 * 128_256 * 4096;
        double expected = (emb * 2 + (8_030_261_248.0 - emb) * 4.5 / 8 + 2 * 41_943_040.0) / GIB;
        assertThat(view.report.sizing().perGpu().weightsGiB().doubleValue()).isCloseTo(expected,
                org.assertj.core.api.Assertions.within(0.0005));
        assertThat(view.report.sizing().perGpu().weightsGiB()).isLessThan(bf16);
        // the logits term (2048 · 128256 · 18 bytes of transformers' loss = 4.403 GiB) is a segment and a row with its
        // formula
        assertThat(view.vram.segments()).extracting(BreakdownChart.Segment::label).contains("输出 logits 与损失");
        List<Details> rows = _find(view.terms, Details.class);
        Details logits = rows.stream().filter(d -> "logits".equals(d.getElement().getAttribute("data-term")))
                .findFirst().orElseThrow();
        assertThat(logits.getSummaryText()).contains("4.403 GiB").contains("FP32");
        assertThat(logits.isOpened()).isFalse();
        // the largest term is named with its share, and host RAM shows the need beside the policy's minimum
        SizingReport s = view.report.sizing();
        Paragraph dominant = _get(view.terms, Paragraph.class, spec -> spec.withId("sizing-dominant-term"));
        // activations without recompute, 32 · 2048 · 200,832 B = 12.3 GiB, above the 5.7 GiB NF4 base and the 4.4
        // GiB of logits
        assertThat(s.dominantTerm()).isEqualTo("activations");
        assertThat(dominant.getText()).contains("激活").contains("12.258").contains(s.terms().get(0).sharePercent().toPlainString() + " %");
        Paragraph need = _get(view.terms, Paragraph.class, spec -> spec.withId("sizing-host-need"));
        assertThat(need.getText()).contains(s.hostRamNeededGiB().toPlainString())
                .contains(s.hostRamPolicyMinimumGiB().toPlainString()).contains(s.recommendedHostRamGiB().toPlainString());
        // the formula is built when the row is opened (ADR 1202), then shows as before
        logits.setOpened(true);
        assertThat(logits.getContent().findFirst().orElseThrow().getElement().getText())
                .contains("s · B · 词表 · 18 字节");
        assertThat(rows).extracting(d -> d.getElement().getAttribute("data-term"))
                .contains("weights", "gradients", "optimizer", "activations", "overhead", "checkpointCache",
                        "osReserve");
        assertThat(view.concurrency.isVisible()).isFalse();
        assertThat(view.report.sizing().notes()).extracting(n -> n.code()).contains("QUANTIZED_LORA_BASE");
    }

    @Test
    void inferenceShowsTheMaximumConcurrentSequencesPerCandidateGpuAndMemoryClass() {
        SizingView view = open(); // llama-3-8b BF16 inference, 4096 tokens
        _setValue(view.form.sequenceLength, 4096);
        _setValue(view.form.gpuCount, 1);
        assertThat(view.concurrency.isVisible()).isTrue();
        ConcurrencyPanel.Row eighty = view.concurrency.grid.getGenericDataView().getItems()
                .filter(r -> r.gpu().equals("80 GB GPU")).findFirst().orElseThrow();
        // (0.9 · 80 − weights 14.957 − context 0.5 − activation peak (8192 · (6 · 14336 + 4 · 4096)
        // + 2 · 256 · 128256 · 4 bytes = 1.026 GiB)) / (131,072 B · 4096 tokens = 0.5 GiB) = 111.03
        assertThat(eighty.sequences()).isEqualByComparingTo("111.03");
        assertThat(_size(view.concurrency.grid)).isEqualTo(view.report.candidates().stream()
                .map(c -> c.gpuModel() + c.vramPerGpuGiB() + c.gpuCount()).distinct().count() + 8);
        assertThat(view.report.candidates()).allSatisfy(c -> assertThat(c.maxConcurrentSequences()).isNotNull());
        ConcurrencyPanel.Row first = _get(view.concurrency.grid, 0);
        assertThat(first.sequences()).isEqualByComparingTo(view.report.candidates().get(0).maxConcurrentSequences());
        assertThat(view.report.sizing().perGpu().frameworkGiB()).isPositive();
    }

    @Test
    void aVisionPresetIsSizedPerImageAtTheChosenResolution() {
        SizingView view = open();
        _setValue(view.form.workload, Workload.TRAINING);
        _setValue(view.form.preset, ModelPresets.find("vit-l-16").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        _setValue(view.form.microBatchSize, 16);
        assertThat(view.form.sequenceLength.isVisible()).isFalse();
        assertThat(view.form.advanced.imageResolution.isVisible()).isTrue();
        BigDecimal at224 = view.report.sizing().perGpu().activationsGiB();
        // 16 images × 0.16580 GiB per image at the 224 px reference
        assertThat(at224.doubleValue()).isCloseTo(16 * 0.1658, org.assertj.core.api.Assertions.within(0.001));
        _setValue(view.form.advanced.imageResolution, 448);
        assertThat(view.report.sizing().perGpu().activationsGiB().doubleValue())
                .isCloseTo(4 * at224.doubleValue(), org.assertj.core.api.Assertions.within(0.002));
    }

    @Test
    void inEnglishTheAdvancedKnobsHaveLabels() {
        t = fixtures.pricedTenant("en");
        login(t.consultantEmail());
        useLocale(Locale.ENGLISH);
        SizingView view = open();
        AdvancedSizingFields a = view.form.advanced;
        assertThat(a.getSummaryText()).isEqualTo("Advanced (defaults shown)");
        assertThat(a.quantization.getItemLabelGenerator().apply(Quantization.GGUF_Q4_K_M))
                .isEqualTo("GGUF Q4_K_M (4.84 bits)");
        assertThat(a.gpuMemoryUtilization.getLabel()).isEqualTo("GPU memory utilization (vLLM)");
        List<Details> rows = _find(view.terms, Details.class);
        assertThat(rows).extracting(Details::getSummaryText)
                .anySatisfy(s -> assertThat(s).startsWith("Serving framework: ").contains("CUDA graphs"));
    }
}
