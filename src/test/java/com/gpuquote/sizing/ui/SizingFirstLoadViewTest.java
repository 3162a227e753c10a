package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.details.Details;
import com.vaadin.flow.component.grid.Grid;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the sizing view leaves out of its first response (ADR 1202) is there when the consultant asks for it: a memory
 * term's formula when its row is opened, a figure kept out of view as its column when asked for by key, the training
 * estimate's columns when a result has them, in their place.
 */
class SizingFirstLoadViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;

    @BeforeEach
    void pricedTenant() {
        TestTenants.TestTenant t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
    }

    private SizingView open() {
        UI.getCurrent().navigate(SizingView.class);
        return _get(SizingView.class);
    }

    @Test
    void aMemoryTermsFormulaIsBuiltWhenItsRowIsOpened() {
        SizingView view = open();
        List<Details> rows = _find(view.terms, Details.class);
        assertThat(rows).isNotEmpty().allSatisfy(d -> {
            assertThat(d.isOpened()).isFalse();
            assertThat(d.getContent()).as("a closed formula is not built").isEmpty();
        });
        Details weights = rows.stream().filter(d -> "weights".equals(d.getElement().getAttribute("data-term")))
                .findFirst().orElseThrow();

        weights.setOpened(true);
        assertThat(weights.getContent().map(c -> c.getElement().getText()).toList()).containsExactly(
                "公式: P · 每权重字节数 / N（量化：嵌入 · 2 + 其余 · 位数 / 8；张量并行或 ZeRO-3 时 ÷ N）");
        // closed and opened again: still the one formula
        weights.setOpened(false);
        weights.setOpened(true);
        assertThat(weights.getContent()).hasSize(1);
        assertThat(rows).filteredOn(d -> d != weights).allSatisfy(d -> assertThat(d.getContent()).isEmpty());
    }

    @Test
    void figuresKeptOutOfViewAreInTheDetailsAndTheirColumnIsBuiltWhenAskedFor() {
        SizingView view = open();
        RecommendationReport.Candidate first = view.report.candidates().get(0);
        assertThat(keys(view.candidates)).doesNotContain("gpuModel", "instances", "ratio", "warnings", "trainingHours",
                "jobCost");
        // the row's details show the figures all the same
        assertThat(view.candidates.detailsText(first)).contains("GPU 型号: " + first.gpuModel())
                .contains("实例数: " + first.instances());

        Grid.Column<RecommendationReport.Candidate> gpuModel = view.candidates.getColumnByKey("gpuModel");
        assertThat(gpuModel).isNotNull();
        assertThat(gpuModel.isVisible()).isFalse();
        assertThat(gpuModel.getHeaderText()).isEqualTo("GPU 型号");
        assertThat(view.candidates.getColumnByKey("gpuModel")).as("built once").isSameAs(gpuModel);
        List<String> keys = keys(view.candidates);
        assertThat(keys.indexOf("gpuModel")).as("after the details toggle, as before").isGreaterThan(
                keys.indexOf("details"));
        gpuModel.setVisible(true);
        assertThat(view.candidates.getColumnByKey("gpuModel").isVisible()).isTrue();
        assertThat(view.candidates.getColumnByKey("noSuchColumn")).isNull();
    }

    @Test
    void theTrainingEstimatesColumnsAreBuiltWhenAResultHasThemBeforeTheDetailsToggle() {
        SizingView view = open();
        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        assertThat(keys(view.candidates)).doesNotContain("trainingHours", "jobCost");

        _setValue(view.form.trainingTokensBillions, 1.0);
        List<String> keys = keys(view.candidates);
        assertThat(keys).containsSubsequence("netMonthlyPrice", "trainingHours", "jobCost", "details");
        assertThat(view.candidates.getColumnByKey("trainingHours").isVisible()).isTrue();
        assertThat(view.candidates.getColumnByKey("trainingHours").getHeaderText()).isEqualTo("训练时长（估算）");
        assertThat(view.candidates.getColumnByKey("jobCost").isVisible()).isTrue();

        _setValue(view.form.trainingTokensBillions, null);
        assertThat(view.candidates.getColumnByKey("trainingHours").isVisible()).as("no tokens, no estimate").isFalse();
    }

    private static List<String> keys(CandidatesGrid grid) {
        return grid.getColumns().stream().map(Grid.Column::getKey).toList();
    }
}
