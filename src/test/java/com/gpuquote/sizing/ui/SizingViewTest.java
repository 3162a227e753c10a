package com.gpuquote.sizing.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Anchor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

class SizingViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;

    @org.springframework.beans.factory.annotation.Autowired
    com.gpuquote.sizing.SizingRunService sizingRunService;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
    }

    private SizingView open() {
        UI.getCurrent().navigate(SizingView.class);
        return _get(SizingView.class);
    }

    @Test
    void choosingAPresetShowsTheBreakdownAndCandidates() {
        SizingView view = open();
        assertThat(view.report).isNotNull(); // defaults: Llama 3 8B inference
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.FP16);
        _setValue(view.form.gpuCount, 1);
        assertThat(view.report.sizing().perGpu().weightsGiB()).isEqualByComparingTo("12.551");
        // issue 13: serving has a per-GPU framework cost instead of 20 % overhead, and the host keeps the checkpoint
        // in the page cache once per node (plus vLLM's swap space) instead of a model-loading copy
        assertThat(view.vram.segments()).extracting(BreakdownChart.Segment::label)
                .contains("权重", "KV 缓存", "推理框架开销");
        assertThat(view.ram.segments()).extracting(BreakdownChart.Segment::label)
                .contains("检查点页缓存", "vLLM 交换空间", "系统预留");
        assertThat(view.band.getText()).contains("1:1").contains("1:2");
        assertThat(view.report.candidates()).extracting(c -> c.instanceType())
                .startsWith("ecs.gni2.3xlarge", "ecs.gni3cl.5xlarge");
        assertThat(view.candidates.getGenericDataView().getItems().count()).isEqualTo(5);
        assertThat(view.errors.isVisible()).isFalse();
        // only inference fields are shown
        assertThat(view.form.kvCachePrecision.isVisible()).isTrue();
        assertThat(view.form.zeroStage.isVisible()).isFalse();
        _setValue(view.form.workload, com.gpuquote.sizing.engine.Workload.TRAINING);
        assertThat(view.form.zeroStage.isVisible()).isTrue();
        assertThat(view.form.kvCachePrecision.isVisible()).isFalse();
    }

    @Test
    void changingTheGpuCountRecomputes() {
        SizingView view = open();
        _setValue(view.form.gpuCount, 1);
        BigDecimal one = view.report.sizing().perGpu().weightsGiB();
        _setValue(view.form.gpuCount, 2);
        assertThat(view.report.candidates()).allMatch(c -> c.gpuCount() == 2);
        // issue 15: two 1-GPU instances are two replicas, each holding all the weights (the first plan, whose sizing
        // the view shows); one 2-GPU instance splits them with tensor parallel 2: half the weights per GPU
        var first = view.report.candidates().get(0);
        assertThat(first.plan().replicas()).isEqualTo(2);
        assertThat(view.report.sizing().perGpu().weightsGiB()).isEqualByComparingTo(one);
        var split = view.report.candidates().stream().filter(c -> c.plan().tensorParallel() == 2).findFirst()
                .orElseThrow();
        assertThat(split.instances()).isEqualTo(1);
        assertThat(split.perGpuTotalGiB()).isLessThan(first.perGpuTotalGiB());
    }

    @Test
    void applyingAWhatIfChangesTheForm() {
        SizingView view = open();
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.FP16);
        _setValue(view.form.gpuCount, 1);
        assertThat(view.report.suggestions()).extracting(w -> w.code()).contains("INT8_SERVING");
        _click(_get(Button.class, spec -> spec.withId("whatif-apply-INT8_SERVING")));
        assertThat(view.form.precision.getValue()).isEqualTo(Precision.INT8);
        assertThat(view.report.candidates().get(0).instanceType()).isEqualTo("ecs.g1tl.4xlarge");
    }

    @Test
    void validationErrorsAreShownNextToTheFields() {
        SizingView view = open();
        _setValue(view.form.workload, com.gpuquote.sizing.engine.Workload.TRAINING);
        _setValue(view.form.precision, Precision.INT8);
        assertThat(view.form.precision.isInvalid()).isTrue();
        assertThat(view.form.precision.getErrorMessage()).contains("不能用于完整训练");
        assertThat(view.errors.isVisible()).isTrue();
        _setValue(view.form.precision, Precision.BF16);
        assertThat(view.form.precision.isInvalid()).isFalse();
        assertThat(view.errors.isVisible()).isFalse();
    }

    @Test
    void sizingFromAProjectSavesTheRunToIt() {
        var customer = customers.create(new CustomerDraft("Sizing Co", null, null, "zh-CN", null, List.of(), null));
        Project project = projects.create(new ProjectDraft(customer.id(), "Llama serving", null));
        UI.getCurrent().navigate("projects/" + project.id());
        Anchor link = _get(Anchor.class, spec -> spec.withId("size-this-project"));
        assertThat(link.getHref()).isEqualTo("sizing?project=" + project.id());
        UI.getCurrent().navigate("sizing", com.vaadin.flow.router.QueryParameters.of("project", project.id().toString()));
        SizingView view = _get(SizingView.class);
        assertThat(view.save.isVisible()).isTrue();
        _click(view.save);
        var runs = sizingRunService.list(project.id());
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).inputJson()).contains("llama-3-8b").contains("cn-beijing");
        assertThat(runs.get(0).resultJson()).contains("candidates").contains("perGpu").doesNotContain(SizingFixtures.COST_MARK);
    }

    @Test
    void whatIfPricesKeepTheirCurrencyWhenNothingFits() {
        SizingView view = open();
        // Llama 2 70B in BF16 on 1 GPU needs 155 GiB: no priced GPU has that much memory
        _setValue(view.form.preset, ModelPresets.find("llama-2-70b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        _setValue(view.form.gpuCount, 1);
        assertThat(view.report.candidates()).isEmpty();
        assertThat(view.report.suggestions()).isNotEmpty();
        List<com.vaadin.flow.component.html.Span> figures = com.github.mvysny.kaributesting.v10.LocatorJ._find(
                view.whatIfs, com.vaadin.flow.component.html.Span.class, spec -> spec.withClasses("whatif-figures"));
        assertThat(figures).hasSameSizeAs(view.report.suggestions());
        // each in its currency with the unit, its thousands grouped: the cheapest fixture price is 5.00 an hour,
        // 3,650.00 a month (issue 12)
        assertThat(figures).allSatisfy(f -> assertThat(f.getText()).matches(".* · ¥\\d{1,3}(,\\d{3})+\\.\\d{2} / 月"));
    }

    @Test
    void inEnglishTheViewShowsLabelsNotCodesOrJsonPaths() {
        t = fixtures.pricedTenant("en");
        login(t.consultantEmail());
        useLocale(java.util.Locale.ENGLISH);
        SizingView view = open();
        assertThat(view.form.precision.getItemLabelGenerator().apply(Precision.BF16)).isEqualTo("BF16 (bfloat16)");
        assertThat(view.form.optimizer.getItemLabelGenerator().apply(
                com.gpuquote.sizing.engine.Optimizer.ADAMW_8BIT)).isEqualTo("AdamW 8-bit");
        assertThat(view.form.optimizer.getItemLabelGenerator().apply(
                com.gpuquote.sizing.engine.Optimizer.SGD_MOMENTUM)).isEqualTo("SGD with momentum");
        assertThat(view.form.hoursPerMonth.getValue()).isEqualTo(730);
        assertThat(view.form.maxCandidates.getValue()).isEqualTo(10);

        // doubling the GPU count names the count, as the engine's English text does
        _setValue(view.form.preset, ModelPresets.find("llama-2-70b").orElseThrow());
        _setValue(view.form.precision, Precision.BF16);
        _setValue(view.form.gpuCount, 1);
        assertThat(view.report.suggestions()).filteredOn(w -> w.code().equals("MORE_GPUS")).singleElement()
                .satisfies(w -> assertThat(w.message()).startsWith("Use 2 GPUs: "));

        // explicit figures: a bad KV head count is named by its label
        _setValue(view.form.usePreset, false);
        _setValue(view.form.parameters, 7.0e9);
        _setValue(view.form.layers, 32);
        _setValue(view.form.hiddenSize, 4096);
        _setValue(view.form.attentionHeads, 32);
        _setValue(view.form.kvHeads, 6);
        assertThat(view.form.kvHeads.isInvalid()).isTrue();
        assertThat(view.form.kvHeads.getErrorMessage()).isEqualTo("KV heads must divide the attention heads");
        assertThat(view.errors.getText()).contains("KV heads (optional): KV heads must divide the attention heads")
                .doesNotContain("model.kvHeads");

        // largest layer, hours per month and candidates are inputs too
        _setValue(view.form.kvHeads, 8);
        _setValue(view.form.largestLayer, 8.0e9);
        assertThat(view.form.largestLayer.isInvalid()).isTrue();
        assertThat(view.errors.getText()).contains("Largest layer parameters (optional): The largest layer must not"
                + " exceed the model's parameters");
        _setValue(view.form.largestLayer, 131_072_000.0);
        assertThat(view.errors.isVisible()).isFalse();
        _setValue(view.form.usePreset, true);
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.precision, Precision.FP16);
        _setValue(view.form.gpuCount, 1);
        _setValue(view.form.maxCandidates, 2);
        assertThat(view.report.candidates()).hasSize(2);
        String price = view.report.candidates().get(0).monthlyPrice();
        _setValue(view.form.hoursPerMonth, 365);
        assertThat(new BigDecimal(view.report.candidates().get(0).monthlyPrice()).multiply(BigDecimal.valueOf(2)))
                .isEqualByComparingTo(price);
        _setValue(view.form.hoursPerMonth, 800);
        assertThat(view.form.hoursPerMonth.isInvalid()).isTrue();
        assertThat(view.errors.getText()).contains("Hours billed per month: Out of the allowed range");
    }
}
