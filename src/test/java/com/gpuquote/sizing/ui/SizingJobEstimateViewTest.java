package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.sizing.RecommendationReport;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** A consultant sizing a fine-tuning job sees each plan's training time and job cost, and can rank by them. */
class SizingJobEstimateViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;

    @BeforeEach
    void pricedTenant() {
        TestTenants.TestTenant t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
    }

    @Test
    void trainingTokensShowTimeAndCostAndRankingByJobCostReorders() {
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        assertThat(view.form.trainingTokensBillions.isVisible()).isTrue();
        assertThat(view.candidates.getColumnByKey("jobCost").isVisible()).as("no tokens, no estimate").isFalse();

        _setValue(view.form.trainingTokensBillions, 1.0);
        List<RecommendationReport.Candidate> byMonth = view.report.candidates();
        assertThat(byMonth).isNotEmpty().allMatch(c -> c.performance() != null);
        assertThat(view.candidates.getColumnByKey("trainingHours").isVisible()).isTrue();
        assertThat(CandidatesGrid.hours(byMonth.get(0))).startsWith("≈");

        _setValue(view.form.rankBy, RankBy.JOB_COST);
        List<BigDecimal> costs = view.report.candidates().stream()
                .map(c -> new BigDecimal(c.performance().jobCost())).toList();
        assertThat(costs).isSorted();
        assertThat(view.jobChart.isVisible()).isEqualTo(view.report.candidates().size() >= 2);
        if (view.jobChart.isVisible()) {
            assertThat(view.jobChart.svg()).contains("<svg").contains("作业成本与完成时间");
        }
    }
}
