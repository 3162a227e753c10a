package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** The sizing view says each candidate's plan in words and what was left out (issue 15), in Chinese and English. */
class SizingPlanViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;

    private SizingView open() {
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        return view;
    }

    @Test
    void planInWordsAndTheT4LeftOutForBf16() {
        login(fixtures.pricedTenant("zh-CN").consultantEmail());
        SizingView view = open();
        _setValue(view.form.gpuCount, 2);
        // the fixture's cheapest fits: two 1-GPU A10 instances (2 × 10.00 an hour), one replica each; one 2-GPU A10
        // instance (20.50) with tensor parallel 2; the T4 (5.00) has no BF16
        assertThat(view.report.candidates().get(0).planDescription()).isEqualTo("2 个副本，每个 1 块 A10");
        assertThat(view.report.candidates()).filteredOn(c -> c.instanceType().equals("ecs.gni2.7xlarge"))
                .singleElement().extracting(c -> c.planDescription())
                .isEqualTo("2 × A10 在一台实例内，张量并行 2");
        assertThat(view.candidates.getColumnByKey("plan").getHeaderText()).isEqualTo("并行方案");
        assertThat(view.excluded.isVisible()).isTrue();
        assertThat(view.excluded.getText()).isEqualTo("未列出的候选: GPU 不支持所需精度：1 个");
    }

    @Test
    void inEnglish() {
        login(fixtures.pricedTenant("en").consultantEmail());
        useLocale(Locale.ENGLISH);
        SizingView view = open();
        _setValue(view.form.gpuCount, 1);
        assertThat(view.report.candidates().get(0).planDescription()).isEqualTo("1 × A10 in one instance");
        assertThat(view.candidates.getColumnByKey("plan").getHeaderText()).isEqualTo("Parallelism plan");
        assertThat(view.excluded.getText()).isEqualTo("Left out: GPU lacks the requested precision: 1");
    }
}
