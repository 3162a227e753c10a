package com.gpuquote.deployment.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.deployment.DeploymentFixtures;
import com.gpuquote.deployment.RightSizingService;
import com.gpuquote.deployment.ThresholdService;
import com.gpuquote.deployment.Verdict;
import com.gpuquote.deployment.VerdictCode;
import com.vaadin.flow.component.UI;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: a tenant admin sets the right-sizing thresholds in the browser. A deployment whose busiest GPU sits at
 * 95.5 % VRAM (p95) is VRAM_SHORT at the default 90 %, and no longer once the admin raises the threshold to 97 %;
 * a value out of range is refused in place and changes nothing.
 */
class RightSizingThresholdsViewTest extends KaribuTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    RightSizingService rightSizing;
    @Autowired
    ThresholdService thresholds;

    @Test
    void anAdminRaisesTheVramThresholdAndTheVerdictFollows() {
        DeploymentFixtures.Setup s = fixtures.vramShortDeployment();
        fixtures.as().run(s.tenant().consultantEmail(), () -> fixtures.importCsv(s, fixtures.vramShortCsv()));
        login(s.tenant().adminEmail());
        assertThat(codes(s)).contains(VerdictCode.VRAM_SHORT);

        UI.getCurrent().navigate(RightSizingThresholdsView.class);
        RightSizingThresholdsView view = _get(RightSizingThresholdsView.class);
        assertThat(view.fields.get("vramShortPct").getValue()).isEqualByComparingTo("90");
        assertThat(view.status.getText()).isEqualTo("当前使用默认阈值（90 / 90 / 40 / 5 %）。");

        _setValue(view.fields.get("vramShortPct"), new BigDecimal("150"));
        _click(view.save);
        assertThat(view.fields.get("vramShortPct").isInvalid()).isTrue();
        assertThat(view.fields.get("vramShortPct").getErrorMessage()).isEqualTo("显存不足：高于须大于 0 且不超过 100。");
        assertThat(thresholds.current().vramShortPct()).isEqualByComparingTo("90");

        _setValue(view.fields.get("vramShortPct"), new BigDecimal("97"));
        _click(view.save);
        assertThat(view.fields.get("vramShortPct").isInvalid()).isFalse();
        assertThat(view.status.getText()).isEqualTo("当前使用本租户自定义的阈值。");
        assertThat(thresholds.current().vramShortPct()).isEqualByComparingTo("97");
        assertThat(codes(s)).doesNotContain(VerdictCode.VRAM_SHORT);

        _click(view.defaults);
        assertThat(thresholds.current().vramShortPct()).isEqualByComparingTo("90");
        assertThat(codes(s)).contains(VerdictCode.VRAM_SHORT);
    }

    private List<VerdictCode> codes(DeploymentFixtures.Setup s) {
        return rightSizing.analyse(s.deployment().id(), 7).verdicts().stream().map(Verdict::code).toList();
    }
}
