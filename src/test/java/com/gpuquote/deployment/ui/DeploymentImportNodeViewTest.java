package com.gpuquote.deployment.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.deployment.DeploymentFixtures;
import com.gpuquote.deployment.RightSizingService;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: the import panel's node field. The same nvidia-smi file (GPU 0, same instants) uploaded for node-1 and
 * node-2 is stored twice, not counted as duplicates, and the analysis sees two GPUs; a node name with a space is
 * refused on the field with nothing stored.
 */
class DeploymentImportNodeViewTest extends KaribuTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    RightSizingService rightSizing;

    @Test
    void theSameFileForTwoNodesIsTwoGpus() {
        DeploymentFixtures.Setup s = fixtures.vramShortDeployment();
        byte[] file = fixtures.vramShortCsv().getBytes(StandardCharsets.UTF_8);
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(DeploymentView.class, new RouteParameters("id", s.deployment().id().toString()));
        ImportPanel panel = _get(ImportPanel.class);

        _setValue(panel.host, "node 1");
        panel.importBytes(file);
        assertThat(panel.host.isInvalid()).isTrue();
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isZero();

        _setValue(panel.host, "node-1");
        panel.importBytes(file);
        assertThat(panel.host.isInvalid()).isFalse();
        assertThat(panel.result.getText()).startsWith("已导入 10 个新样本（0 个已存在），1 块 GPU");

        _setValue(panel.host, "node-2");
        panel.importBytes(file);
        assertThat(panel.result.getText()).startsWith("已导入 10 个新样本（0 个已存在），1 块 GPU");
        assertThat(fixtures.gpuSamples(s.tenantId(), s.deployment().id())).isEqualTo(20);
        assertThat(rightSizing.analyse(s.deployment().id(), 7).gpu().gpus()).isEqualTo(2);
    }
}
