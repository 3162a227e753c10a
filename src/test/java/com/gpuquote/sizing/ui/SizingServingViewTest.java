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

/**
 * A consultant sizing a serving workload sees each plan's throughput, first-token latency and cost per million
 * output tokens (estimates), can rank by that cost, and enters traffic to see the replicas it needs (issue 15).
 */
class SizingServingViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;

    @BeforeEach
    void pricedTenant() {
        TestTenants.TestTenant t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
    }

    @Test
    void servingShowsTokenEstimatesRanksByTokenCostAndSizesForTraffic() {
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        _setValue(view.form.workload, Workload.INFERENCE);
        _setValue(view.form.preset, ModelPresets.find("llama-3-8b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        _setValue(view.form.sequenceLength, 4096);
        assertThat(view.form.requestsPerSecond.isVisible()).isTrue();
        assertThat(view.form.trainingTokensBillions.isVisible()).isFalse();
        assertThat(view.form.rankBy.getListDataView().getItems().toList())
                .containsExactly(RankBy.MONTHLY_PRICE, RankBy.COST_PER_MILLION_TOKENS);

        List<RecommendationReport.Candidate> byMonth = view.report.candidates();
        assertThat(byMonth).hasSizeGreaterThan(1).allMatch(c -> c.performance() != null && c.performance().serving());
        assertThat(view.candidates.getColumnByKey("outputTokensPerSecond").isVisible()).isTrue();
        assertThat(view.candidates.getColumnByKey("costPerMillionOutputTokens").isVisible()).isTrue();
        assertThat(view.candidates.getColumnByKey("trainingHours").isVisible()).isFalse();
        assertThat(view.candidates.showsTraffic()).as("no traffic given").isFalse();
        assertThat(view.candidates.detailsText(byMonth.get(0))).contains("首 token 时延（估算，空载）: ≈ ")
                .contains("每副本并发序列: ");
        // the currency sign, 2 decimals (4 below one cent) (issue 12)
        assertThat(ServingText.perMillion(byMonth.get(0).performance(), "CNY")).matches("≈ ¥[\\d,]+\\.\\d{2,4}");
        assertThat(view.jobChart.isVisible()).isTrue();
        assertThat(view.jobChart.svg()).contains("<svg").contains("每百万输出 token 成本与吞吐");

        _setValue(view.form.rankBy, RankBy.COST_PER_MILLION_TOKENS);
        List<BigDecimal> costs = view.report.candidates().stream()
                .map(c -> new BigDecimal(c.performance().costPerMillionOutputTokens())).toList();
        assertThat(costs).isSorted();

        _setValue(view.form.requestsPerSecond, 20.0);
        _setValue(view.form.inputTokens, 1000);
        _setValue(view.form.outputTokens, 200);
        RecommendationReport.Candidate first = view.report.candidates().get(0);
        assertThat(first.performance().outputTokens()).isEqualTo(200);
        assertThat(first.performance().replicasNeeded()).isPositive();
        assertThat(view.candidates.showsTraffic()).isTrue();
        assertThat(view.candidates.detailsText(first)).contains("承载该流量: ");
        assertThat(ServingText.traffic(first.performance(), "CNY")).contains("个副本").contains("台实例")
                .containsPattern(" · ¥\\d{1,3}(,\\d{3})*\\.\\d{2} / 月");
        // the operating point: users by Little's law, per-user tokens/s and the latencies at that load
        assertThat(view.candidates.detailsText(first)).contains("按所述用户（估算）: ")
                .containsPattern("\\d+ 个用户 · 每副本并发 \\d+ · 每用户 ≈ \\d+ token/秒 · 首 token ≈ ");

        _setValue(view.form.tpotMs, 1.0);
        RecommendationReport.Candidate strict = view.report.candidates().get(0);
        assertThat(strict.performance().meetsSlo()).isFalse();
        assertThat(ServingText.operatingPoint(strict.performance())).endsWith("无法满足 SLO");
    }
}
