package com.gpuquote.sizing.ui;

import com.gpuquote.CalendarTest;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.RankBy;
import com.gpuquote.sizing.engine.Workload;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;
import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42's sizing form that guides: switching the workload starts from that workload's defaults, an automatic run
 * name follows the model and workload (a typed one stays), and the candidates' heading names the ranking used.
 */
@CalendarTest
class SizingFormGuidesViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    SizingRunService runs;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
    }

    private SizingView openFor(Project project) {
        login(t.consultantEmail());
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        return _get(SizingView.class);
    }

    private Project project(String name) {
        return fixtures.as(t.adminEmail(), () -> {
            Customer c = customers.create(new CustomerDraft("引导客户", null, null, "zh-CN", null, List.of(), null));
            return projects.create(new ProjectDraft(c.id(), name, null));
        });
    }

    @Test
    void switchingTheWorkloadResetsWhatNoLongerFitsAndTheAutomaticNameFollows() {
        Project project = project("Qwen2.5-72B 在线推理");
        SizingView view = openFor(project);
        assertThat(view.runName.getValue()).isEqualTo("Llama 3 8B 推理");
        _setValue(view.form.microBatchSize, 50);
        _setValue(view.form.requestsPerSecond, 20.0);
        _setValue(view.form.outputTokens, 200);
        _setValue(view.form.rankBy, RankBy.COST_PER_MILLION_TOKENS);

        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        assertThat(view.form.microBatchSize.getValue()).isEqualTo(1);
        assertThat(view.form.loraRank.getValue()).isEqualTo(16);
        assertThat(view.form.rankBy.getValue()).isEqualTo(RankBy.JOB_COST);
        assertThat(view.runName.getValue()).isEqualTo("Llama 3 8B LoRA 微调");
        // one sample of the batch, not fifty: the per-GPU total is what a batch of one needs, far below 3,003 GiB
        assertThat(view.report.sizing().perGpu().totalGiB().doubleValue()).isLessThan(100);
        _setValue(view.form.trainingTokensBillions, 2.0);
        _setValue(view.form.loraRank, 64);

        _setValue(view.form.workload, Workload.INFERENCE);
        assertThat(view.form.requestsPerSecond.getValue()).isNull();
        assertThat(view.form.outputTokens.getValue()).isNull();
        assertThat(view.form.trainingTokensBillions.getValue()).isNull();
        assertThat(view.form.loraRank.getValue()).isEqualTo(16);
        assertThat(view.form.rankBy.getValue()).isEqualTo(RankBy.MONTHLY_PRICE);
        assertThat(view.runName.getValue()).isEqualTo("Llama 3 8B 推理");

        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        assertThat(view.runName.getValue()).isEqualTo(ModelPresets.find("llama-2-7b").orElseThrow().displayName() + " 推理");

        // a name the consultant typed stays through the switch, and is the name saved
        _setValue(view.runName, "客户要求的方案");
        _setValue(view.form.workload, Workload.TRAINING);
        assertThat(view.runName.getValue()).isEqualTo("客户要求的方案");
        _click(view.save);
        assertThat(fixtures.as(t.consultantEmail(), () -> runs.list(project.id())))
                .extracting(r -> r.name()).containsExactly("客户要求的方案");
    }

    @Test
    void theHeadingNamesTheRankingUsed() {
        login(t.consultantEmail());
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按月刊例价从低到高）");
        _setValue(view.form.rankBy, RankBy.COST_PER_MILLION_TOKENS);
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按每百万 token 成本从低到高）");
        _setValue(view.form.rankBy, RankBy.MONTHLY_PRICE);
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按月刊例价从低到高）");

        _setValue(view.form.workload, Workload.LORA_FINE_TUNING);
        // no training tokens: nothing to cost the job by, so the engine ranks by monthly price and says so
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按月刊例价从低到高）");
        _setValue(view.form.trainingTokensBillions, 1.0);
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按作业总成本从低到高）");
        _setValue(view.form.rankBy, RankBy.TIME_TO_RESULT);
        assertThat(view.candidatesHeading.getText()).isEqualTo("推荐实例（按完成时间从短到长）");
    }

    @Test
    void inEnglishTheHeadingAndTheNameReadInEnglish() {
        t = fixtures.pricedTenant("en");
        Project project = project("Llama 3 70B chat service");
        login(t.consultantEmail());
        useLocale(Locale.ENGLISH);
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        SizingView view = _get(SizingView.class);
        assertThat(view.runName.getValue()).isEqualTo("Llama 3 8B Inference");
        _setValue(view.form.rankBy, RankBy.COST_PER_MILLION_TOKENS);
        assertThat(view.candidatesHeading.getText())
                .isEqualTo("Recommended instances (by cost per million tokens, lowest first, at list prices: "
                        + "no negotiated price of 引导客户 applies to them)");
    }
}
