package com.gpuquote.quote.ui;

import com.gpuquote.KaribuTest;
import com.gpuquote.TestTenants;
import com.gpuquote.customer.CustomerDraft;
import com.gpuquote.customer.CustomerService;
import com.gpuquote.customer.Project;
import com.gpuquote.customer.ProjectDraft;
import com.gpuquote.customer.ProjectService;
import com.gpuquote.quote.QuoteDetails;
import com.gpuquote.quote.QuoteQueries;
import com.gpuquote.quote.QuoteSummary;
import com.gpuquote.sizing.RecommendationReport.Candidate;
import com.gpuquote.sizing.SizingFixtures;
import com.gpuquote.sizing.SizingRun;
import com.gpuquote.sizing.SizingRunService;
import com.gpuquote.sizing.engine.ModelPreset;
import com.gpuquote.sizing.engine.ModelPresets;
import com.gpuquote.sizing.ui.CandidatesGrid;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.router.QueryParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.List;

import static com.github.mvysny.kaributesting.v10.LocatorJ._assertNone;
import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static com.github.mvysny.kaributesting.v10.LocatorJ._setValue;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 40 in the sizing view: "生成好/更好/最好三档报价" over the candidates of a project's serving sizing within an SLO
 * saves the run, builds the quote and opens it in the quote editor; each option's line is the plan's instance type
 * × the instances the traffic needs, referring to the run. Without a project there is no such button.
 */
class GoodBetterBestViewTest extends KaribuTest {

    @Autowired
    SizingFixtures fixtures;
    @Autowired
    CustomerService customers;
    @Autowired
    ProjectService projects;
    @Autowired
    SizingRunService sizingRuns;
    @Autowired
    QuoteQueries quoteQueries;

    TestTenants.TestTenant t;
    Project project;

    @BeforeEach
    void projectOfAPricedTenant() {
        t = fixtures.pricedTenant("zh-CN");
        login(t.consultantEmail());
        var customer = customers.create(new CustomerDraft("三档报价有限公司", null, null, "zh-CN", null, List.of(), null));
        project = projects.create(new ProjectDraft(customer.id(), "Llama 推理服务", null));
    }

    @Test
    void theButtonSavesTheRunBuildsTheQuoteAndOpensItInTheEditor() {
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        size();
        List<Candidate> shown = _get(CandidatesGrid.class).getGenericDataView().getItems().toList();
        List<Candidate> withinSlo = shown.stream().filter(c -> Boolean.TRUE.equals(c.performance().meetsSlo())).toList();
        assertThat(withinSlo).as("plans within the SLO").isNotEmpty();
        assertThat(sizingRuns.list(project.id())).isEmpty();

        Button button = _get(Button.class, s -> s.withId("sizing-good-better-best"));
        assertThat(button.getText()).isEqualTo("生成好/更好/最好三档报价");
        _click(button);

        List<SizingRun> runs = sizingRuns.list(project.id());
        assertThat(runs).as("the run was saved to refer to").hasSize(1);
        List<QuoteSummary> quotes = quoteQueries.forProject(project.id());
        assertThat(quotes).hasSize(1);
        QuoteEditorView editor = _get(QuoteEditorView.class);
        assertThat(editor).isNotNull();
        assertThat(UI.getCurrent().getInternals().getActiveViewLocation().getPath())
                .isEqualTo("quotes/" + quotes.get(0).id());
        QuoteDetails q = quoteQueries.get(quotes.get(0).id());
        assertThat(q.options()).hasSizeBetween(1, 3);
        assertThat(q.options().get(0).title()).startsWith("好 · 成本最低");
        q.options().forEach(o -> {
            var line = o.lines().get(0);
            Candidate plan = withinSlo.stream().filter(c -> c.instanceType().equals(line.instanceType())
                    && c.performance().instancesNeeded() == line.quantity()).findFirst().orElseThrow(() ->
                    new AssertionError(line.instanceType() + " × " + line.quantity() + " is not a plan within the SLO"));
            assertThat(q.lineSizing().get(line.id()).sizingRunId().value()).isEqualTo(runs.get(0).id());
            assertThat(q.lineSizing().get(line.id()).candidateJson()).contains(plan.instanceType())
                    .containsPattern("\"tpotSloMs\":\\s*40(\\.0)?\\b");
        });

    }

    @Test
    void aReopenedServingRunKeepsItsTrafficAndSloSoTheQuoteSellsWhatTheTrafficNeeds() {
        UI.getCurrent().navigate("sizing", QueryParameters.of("project", project.id().toString()));
        size();
        Candidate sized = _get(CandidatesGrid.class).getGenericDataView().getItems().findFirst().orElseThrow();
        _click(_get(Button.class, s -> s.withId("sizing-save")));
        List<SizingRun> runs = sizingRuns.list(project.id());
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).inputJson()).contains("\"traffic\"").containsPattern("\"tpotMs\":\\s*40(\\.0)?\\b");

        UI.getCurrent().navigate("sizing", new QueryParameters(java.util.Map.of(
                "project", List.of(project.id().toString()), "run", List.of(runs.get(0).id().toString()))));
        assertThat(_get(NumberField.class, s -> s.withId("sizing-traffic-requestsPerSecond")).getValue()).isEqualTo(40.0);
        assertThat(_get(IntegerField.class, s -> s.withId("sizing-traffic-outputTokens")).getValue()).isEqualTo(500);
        assertThat(_get(NumberField.class, s -> s.withId("sizing-traffic-tpotMs")).getValue()).isEqualTo(40.0);
        Candidate reopened = _get(CandidatesGrid.class).getGenericDataView().getItems().findFirst().orElseThrow();
        assertThat(reopened.instanceType()).isEqualTo(sized.instanceType());
        assertThat(reopened.performance().instancesNeeded()).isEqualTo(sized.performance().instancesNeeded());
        assertThat(reopened.performance().tpotSloMs()).isEqualTo(40.0);

        // the reopened run is the one the quote refers to: nothing saved again
        _click(_get(Button.class, s -> s.withId("sizing-good-better-best")));
        assertThat(sizingRuns.list(project.id())).hasSize(1);
        QuoteDetails q = quoteQueries.get(quoteQueries.forProject(project.id()).get(0).id());
        assertThat(q.lineSizing().values()).allSatisfy(ref ->
                assertThat(ref.sizingRunId().value()).isEqualTo(runs.get(0).id()));
    }

    @Test
    void withoutAProjectThereIsNoButton() {
        UI.getCurrent().navigate("sizing");
        size();
        _assertNone(Button.class, s -> s.withId("sizing-good-better-best"));
    }

    private static void size() {
        @SuppressWarnings("unchecked")
        ComboBox<ModelPreset> preset = (ComboBox<ModelPreset>) _get(ComboBox.class, s -> s.withId("sizing-preset"));
        _setValue(preset, ModelPresets.find("llama-3-8b").orElseThrow());
        _setValue(_get(NumberField.class, s -> s.withId("sizing-traffic-requestsPerSecond")), 40.0);
        _setValue(_get(IntegerField.class, s -> s.withId("sizing-traffic-inputTokens")), 1000);
        _setValue(_get(IntegerField.class, s -> s.withId("sizing-traffic-outputTokens")), 500);
        _setValue(_get(NumberField.class, s -> s.withId("sizing-traffic-tpotMs")), 40.0);
    }
}
