package com.gpuquote.deployment.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.ui.ProjectDetailView;
import com.gpuquote.deployment.DeploymentFixtures;
import com.gpuquote.deployment.RightSizingTest;
import com.gpuquote.deployment.UsageCharts;
import com.gpuquote.layout.HomeView;
import com.gpuquote.portal.AcceptRequest;
import com.gpuquote.portal.PortalFixtures;
import com.gpuquote.portal.CustomerPortal;
import com.gpuquote.commercial.BillingMode;
import com.gpuquote.quote.QuoteFixtures;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.router.RouteParameters;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.GridKt._size;
import static org.assertj.core.api.Assertions.assertThat;

/** The deployments section, the deployment view (import, figures, verdicts, charts, upgrade quote) and the home card. */
@CalendarTest
class DeploymentViewsTest extends KaribuTest {

    @Autowired
    DeploymentFixtures fixtures;
    @Autowired
    QuoteFixtures quoteFixtures;
    @Autowired
    CustomerPortal customerPortal;
    @Autowired
    Clock clock;

    String vramShortCsv() {
        return fixtures.vramShortCsv();
    }

    DeploymentFixtures.Setup vramShortDeployment() {
        return fixtures.vramShortDeployment();
    }

    @Test
    void importShowsFiguresVerdictChartsAndCreatesTheUpgradeQuote() {
        DeploymentFixtures.Setup s = vramShortDeployment();
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(DeploymentView.class, new RouteParameters("id", s.deployment().id().toString()));
        assertThat(_get(Paragraph.class, spec -> spec.withId("deployment-no-data")).getText())
                .startsWith("该时间窗口内没有利用率样本");

        ImportPanel panel = _get(ImportPanel.class);
        panel.importBytes("timestamp,mem_total_kib\nsoon,12\n".getBytes(StandardCharsets.UTF_8));
        assertThat(panel.result.getText()).isEqualTo("未导入任何数据：下方有 1 个错误。");
        assertThat(panel.errors.isVisible()).isTrue();

        panel.importBytes(vramShortCsv().getBytes(StandardCharsets.UTF_8));
        assertThat(panel.result.getText()).startsWith("已导入 10 个新样本（0 个已存在），1 块 GPU，nvidia-smi CSV");
        assertThat(panel.errors.isVisible()).isFalse();
        assertThat(_get(Div.class, spec -> spec.withId("figure-vram-p95")).getElement().getTextRecursively())
                .isEqualTo("95.5 %显存使用 p95");
        Div verdicts = _get(Div.class, spec -> spec.withId("deployment-verdicts"));
        assertThat(verdicts.getElement().getTextRecursively()).contains("显存不足").contains(RightSizingTest.L20)
                .contains("每月 8,000.00 CNY");
        ChartsPanel charts = _get(ChartsPanel.class);
        assertThat(charts.svg).containsOnlyKeys(UsageCharts.Kind.values());
        assertThat(charts.svg.get(UsageCharts.Kind.MEMORY)).contains("<svg").contains("显存使用（最忙 GPU）")
                .contains("fill:rgb(31,111,235);stroke:none"); // the one bucket of the 7-day window, drawn as a point

        _click(_get(Button.class, spec -> spec.withId("upgrade-quote-VRAM_SHORT")));
        assertThat(UI.getCurrent().getInternals().getActiveViewLocation().getPath()).startsWith("quotes/");
    }

    @Test
    void projectPageCreatesDeploymentsFromTheAcceptedOrder() {
        PortalFixtures.Sent sent = fixtures.portal().sentQuote();
        customerPortal.accept(sent.token(), new AcceptRequest(UUID.fromString(sent.optionId("A")), "赵六", "zhao@example.cn", true));
        login(sent.tenant().consultantEmail());
        UI.getCurrent().navigate(ProjectDetailView.class, new RouteParameters("id", sent.project().id().value().toString()));
        Button fromOrder = _get(Button.class, spec -> spec.withClasses("deployment-from-order"));
        // the consultant's choice is for lines without sizing; option A's line was sized for training (its estimate)
        @SuppressWarnings("unchecked")
        com.vaadin.flow.component.select.Select<com.gpuquote.sizing.engine.Workload> workload = _get(
                com.vaadin.flow.component.select.Select.class, spec -> spec.withClasses("deployment-from-order-workload"));
        assertThat(workload.getValue()).isEqualTo(com.gpuquote.sizing.engine.Workload.TRAINING);
        workload.setValue(com.gpuquote.sizing.engine.Workload.INFERENCE);
        _click(fromOrder);
        @SuppressWarnings("unchecked")
        Grid<com.gpuquote.deployment.Deployment> grid = _get(Grid.class, spec -> spec.withId("deployments-grid"));
        assertThat(_size(grid)).isEqualTo(1);
        assertThat(grid.getGenericDataView().getItems().findFirst().orElseThrow().count()).isEqualTo(2); // option A: 2 × A10
        assertThat(grid.getGenericDataView().getItems().findFirst().orElseThrow().workload())
                .isEqualTo(com.gpuquote.sizing.engine.Workload.TRAINING);
        assertThat(_find(Button.class, spec -> spec.withClasses("deployment-from-order"))).isEmpty();
    }

    @Test
    void homeCardListsDeploymentsWithAVerdictOtherThanOk() {
        DeploymentFixtures.Setup s = vramShortDeployment();
        fixtures.as().run(s.tenant().consultantEmail(), () -> fixtures.importCsv(s, vramShortCsv()));
        login(s.tenant().consultantEmail());
        UI.getCurrent().navigate(HomeView.class);
        Div card = _get(Div.class, spec -> spec.withId("home-deployments"));
        assertThat(card.getElement().getTextRecursively()).contains("需关注的部署")
                .contains(s.customer().name() + " · 推理集群 · 1× " + RightSizingTest.A10).contains("显存不足");
    }
}
