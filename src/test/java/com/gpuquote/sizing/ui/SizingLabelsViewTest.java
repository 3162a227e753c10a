package com.gpuquote.sizing.ui;

import com.gpuquote.CalendarTest;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.pricing.agreement.AgreementDraft;
import com.gpuquote.pricing.agreement.AgreementRule.PercentOff;
import com.gpuquote.pricing.agreement.AgreementService;
import com.gpuquote.customer.Customer;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.engine.Precision;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/** Issue 12's sizing labels: VRAM:RAM the right way round, honest headings, defaults and plurals. */
@CalendarTest
class SizingLabelsViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    AgreementService agreements;

    TestTenants.TestTenant t;

    @BeforeEach
    void pricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
    }

    private SizingView open() {
        login(t.consultantEmail());
        UI.getCurrent().navigate(SizingView.class);
        return _get(SizingView.class);
    }

    private SizingView openFor(Project project) {
        login(t.consultantEmail());
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        return _get(SizingView.class);
    }

    private Project project(String customerName, boolean withAgreement) {
        return fixtures.as(t.adminEmail(), () -> {
            Customer c = customers.create(new CustomerDraft(customerName, null, null, "zh-CN", null, List.of(), null));
            if (withAgreement) {
                agreements.create(c.id(), new AgreementDraft("框架协议", today().minusDays(1), null,
                        List.of(PercentOff.instanceType("ecs.gni2.3xlarge", new BigDecimal("20"))), null));
            }
            return projects.create(new ProjectDraft(c.id(), "推理", null));
        });
    }

    @Test
    void theRatioReadsVramToRamWithTwoDecimals() {
        SizingView view = open();
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.gpuCount, 1);
        int row = view.report.candidates().stream().map(c -> c.instanceType()).toList().indexOf("ecs.gni2.3xlarge");
        assertThat(row).isNotNegative();
        // ecs.gni2.3xlarge: 56 GiB RAM for one 24 GiB A10: 56 / 24 = 2.333… GiB of RAM per GiB of VRAM
        assertThat(GridKt._getFormatted(view.candidates, row, "ratio")).isEqualTo("1:2.33");
        assertThat(view.candidates.getColumnByKey("ratio").getHeaderText()).isEqualTo("显存:内存");
        assertThat(view.band.getText()).startsWith("显存:内存策略区间 1:");
    }

    @Test
    void theHeadingSaysWhichPricesOrderTheCandidates() {
        SizingView plain = open();
        assertThat(plain.candidatesHeading.getText()).isEqualTo("推荐实例（按月刊例价从低到高）");

        SizingView negotiated = openFor(project("议价客户", true));
        assertThat(negotiated.candidatesHeading.getText()).isEqualTo("推荐实例（按客户“议价客户”的协议月价从低到高）")
                .doesNotContain("刊例价");

        SizingView listOnly = openFor(project("无协议客户", false));
        assertThat(listOnly.candidatesHeading.getText())
                .isEqualTo("推荐实例（按月刊例价从低到高：客户“无协议客户”的协议价不适用于这些实例）");
    }

    @Test
    void theKvCachePrecisionShowsItsDefaultInsteadOfABlank() {
        SizingView view = open();
        assertThat(view.form.kvCachePrecision.getValue()).isNull();
        assertThat(view.form.kvCachePrecision.getPlaceholder()).isEqualTo("与权重相同（BF16）");
        _setValue(view.form.precision, Precision.INT8);
        // INT8 weights keep a 16-bit KV cache (the engine's default)
        assertThat(view.form.kvCachePrecision.getPlaceholder()).isEqualTo("与权重相同（BF16）");
        _setValue(view.form.precision, Precision.FP16);
        assertThat(view.form.kvCachePrecision.getPlaceholder()).isEqualTo("与权重相同（FP16）");
        assertThat(view.form.gpuCount.getPlaceholder()).isEqualTo("自动（1 至 64）");
        assertThat(view.form.microBatchSize.getLabel()).isEqualTo("微批大小");
        assertThat(view.form.microBatchSize.getHelperText()).contains("并发");
    }

    @Test
    void englishCountsGpusAndNodesInTheSingularAndPlural() {
        t = fixtures.pricedTenant("en");
        login(t.consultantEmail());
        useLocale(Locale.ENGLISH);
        UI.getCurrent().navigate(SizingView.class);
        SizingView view = _get(SizingView.class);
        _setValue(view.form.preset, ModelPresets.find("llama-2-7b").orElseThrow());
        _setValue(view.form.gpuCount, 1);
        assertThat(view.vram.heading()).endsWith("GiB (1 GPU)");
        assertThat(view.ram.heading()).endsWith("GiB (1 node)");
        _setValue(view.form.gpuCount, 2);
        assertThat(view.vram.heading()).endsWith("GiB (2 GPUs)");
        // BF16 (the form's default): T4 has no BF16 (issue 15); one A10 holds the 12.6 GiB of weights, so two
        // 1-GPU ecs.gni2.3xlarge replicas (2 × 10.00 an hour) beat one 2-GPU ecs.gni2.7xlarge (20.50): two nodes
        assertThat(view.report.candidates().get(0).instanceType()).isEqualTo("ecs.gni2.3xlarge");
        assertThat(view.ram.heading()).endsWith("GiB (2 nodes)");
        assertThat(view.candidates.getColumnByKey("ratio").getHeaderText()).isEqualTo("VRAM:RAM");
        assertThat(view.form.kvCachePrecision.getPlaceholder()).isEqualTo("Same as weights (BF16)");
    }
}
