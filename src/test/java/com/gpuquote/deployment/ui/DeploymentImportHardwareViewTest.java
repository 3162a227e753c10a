package com.gpuquote.deployment.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.deployment.DeploymentFixtures;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasText;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42: a file of other GPUs than the deployment's is refused in the import panel with what differs, in words,
 * and nothing stored; "record anyway" sends the same file again with the hardware confirmed, which stores it, says what
 * was recorded, and the analysis shows the mismatch.
 */
@CalendarTest
class DeploymentImportHardwareViewTest extends KaribuTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    Clock clock;

    @Test
    void aMismatchIsShownInWordsAndRecordedOnlyWhenConfirmed() {
        DeploymentFixtures.Setup s = fixtures.deployment(fixtures.portal().tenantWithPrices(), "ecs.pni3ln.22xlarge",
                BillingMode.MONTHLY, 1);
        Instant start = clock.instant().truncatedTo(ChronoUnit.SECONDS).minusSeconds(3600);
        StringBuilder csv = new StringBuilder("timestamp, index, name, memory.used [MiB], memory.total [MiB], utilization.gpu [%]\n");
        for (int i = 0; i < 3; i++) {
            for (int g = 0; g < 8; g++) {
                csv.append(start.plusSeconds(10L * i)).append(", ").append(g)
                        .append(", NVIDIA A100-SXM4-40GB, 20480 MiB, 40960 MiB, 60 %\n");
            }
        }
        byte[] file = csv.toString().getBytes(StandardCharsets.UTF_8);
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(DeploymentView.class, new RouteParameters("id", s.deployment().id().toString()));
        ImportPanel panel = _get(ImportPanel.class);
        assertThat(panel.mismatch.isVisible()).isFalse();

        panel.importBytes(file);
        assertThat(panel.mismatch.isVisible()).isTrue();
        assertThat(panel.differences.getChildren().map(c -> ((HasText) c).getText()).toList()).containsExactly(
                "GPU 型号：部署为 H20-SXM5-96GB，文件为 NVIDIA A100-SXM4-40GB",
                "GPU 数量：部署共 4 块，文件有 8 块",
                "每块 GPU 显存：部署为 98304 MiB，文件为 40960 MiB");
        assertThat(panel.recordAnyway.getText()).isEqualTo("仍然记录");
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isZero();

        _click(panel.recordAnyway);
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(24);
        assertThat(panel.mismatch.isVisible()).isFalse();
        assertThat(panel.result.getText()).startsWith("已导入 24 个新样本（0 个已存在），8 块 GPU")
                .contains("已按确认导入；记录的硬件差异：GPU 型号：部署为 H20-SXM5-96GB");

        // the analysis says its samples come from other hardware
        UI.getCurrent().navigate(DeploymentView.class, new RouteParameters("id", s.deployment().id().toString()));
        AnalysisPanel analysis = _get(AnalysisPanel.class);
        assertThat(_find(analysis, Paragraph.class).stream().map(Paragraph::getText)
                .filter(t -> t.startsWith("此窗口内有样本来自与部署不符的硬件")).toList()).singleElement().satisfies(t ->
                assertThat(t).contains("GPU 数量：部署共 4 块，文件有 8 块"));

        // nothing left to record: the confirmation is gone, and a call without a pending file stores nothing
        assertThat(panel.mismatch.isVisible()).isFalse();
        panel.recordAnyway();
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(24);
    }
}
