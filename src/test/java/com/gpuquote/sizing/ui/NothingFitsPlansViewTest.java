package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.sizing.RecommendationReport.WhatIf;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ActivationRecompute;
import com.gpuquote.sizing.engine.Offload;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Paragraph;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12: full training of Llama 3 8B on 8 GPUs with the form's defaults (ZeRO 0, no recompute) fits nothing;
 * the what-ifs propose the plans that make it fit, with their figures, and applying one shows that fit.
 */
class NothingFitsPlansViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;

    @Test
    void fullTrainingWithTheDefaultsGetsPlansThatFitAndApplyingOneShowsIt() {
        login(fixtures.pricedTenant("zh-CN", SizingFixtures.EIGHT_GPU_ROW).consultantEmail());
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        _setValue(view.form.workload, Workload.TRAINING);
        _setValue(view.form.gpuCount, 8);
        // 8.03B parameters × 18 bytes of model states (AMP) = 134.6 GiB, + 24.5 GiB activations (FlashAttention,
        // s 4096) + 4.9 GiB logits: no GPU holds it
        assertThat(view.report.sizing().perGpu().totalGiB().doubleValue()).isGreaterThan(160);
        assertThat(view.report.candidates()).isEmpty();

        assertThat(_find(view.whatIfs, Paragraph.class, s -> s.withId("sizing-whatifs-plans"))).hasSize(1);
        assertThat(view.whatIfs.getElement().getTextRecursively()).doesNotContain("暂无可节省成本的调整建议");
        assertThat(view.report.suggestions()).extracting(WhatIf::code)
                .contains("ZERO_3"); // engine v2 (issue 13): ZeRO-3 alone fits the cheapest instance now
        WhatIf zero3 = view.report.suggestions().stream().filter(w -> w.code().equals("ZERO_3")).findFirst()
                .orElseThrow();
        assertThat(zero3.changes()).extracting(c -> c.field()).contains("zeroStage");
        assertThat(zero3.message()).contains("ZeRO 阶段 3").contains(zero3.instanceType());
        assertThat(zero3.hostRamGiB()).isPositive();

        _click(_get(Button.class, s -> s.withId("whatif-apply-ZERO_3")));
        assertThat(view.form.zeroStage.getValue()).isEqualTo(3);
        assertThat(view.form.workload.getValue()).isEqualTo(Workload.TRAINING);
        assertThat(view.form.recompute.getValue()).isEqualTo(ActivationRecompute.valueOf(zero3.input()
                .activationRecompute() == null ? "NONE" : zero3.input().activationRecompute().name()));
        assertThat(view.form.offload.getValue()).isEqualTo(zero3.input().offload() == null ? Offload.NONE
                : zero3.input().offload());
        assertThat(view.report.candidates()).isNotEmpty();
        assertThat(view.report.candidates().get(0).instanceType()).isEqualTo(zero3.instanceType());
        assertThat(view.report.candidates().get(0).monthlyPrice()).isEqualTo(zero3.monthlyPrice());
        assertThat(view.report.candidates().get(0).perGpuTotalGiB()).isEqualByComparingTo(zero3.perGpuTotalGiB());
    }
}
